import type en from "../en/errors";
import type { Translation } from "../types";

const errors: Translation<typeof en> = {
  codes: {
    BAD_REQUEST: "تعذّر فهم الطلب. يُرجى مراجعة ما أدخلته والمحاولة مرة أخرى.",
    VALIDATION_FAILED: "بعض ما أدخلته يحتاج إلى تصحيح.",
    UNAUTHORIZED: "انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.",
    FORBIDDEN: "دورك في مساحة العمل هذه لا يسمح بهذا الإجراء.",
    NOT_FOUND: "لم نعثر على ما تبحث عنه.",
    CONFLICT: "يتعارض هذا مع تغيير أُجري في مكان آخر. أعد تحميل الصفحة وحاول مجددًا.",
    RATE_LIMITED: "طلبات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
    PAYLOAD_TOO_LARGE: "حجم الملف أكبر من المسموح برفعه.",
    UNSUPPORTED_MEDIA_TYPE: "نوع الملف هذا غير مدعوم.",
    SERVICE_UNAVAILABLE: "الخدمة غير متاحة مؤقتًا. يُرجى المحاولة بعد قليل.",
    INTERNAL: "حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.",
    PLAN_LIMIT_REACHED: "لقد بلغت أحد حدود باقتك. قم بالترقية للمتابعة.",
    PAYMENT_AMOUNT_MISMATCH: "تغيّر السعر. يُرجى مراجعة المبلغ والمحاولة مرة أخرى.",
    SIGNATURE_INVALID: "تعذّر التحقق من تأكيد الدفع.",
    PAYMENT_NOT_PAYABLE: "لم يعد بالإمكان إتمام هذه الدفعة.",
    GATEWAY_ERROR: "تعذّر الوصول إلى بوابة الدفع. يُرجى المحاولة مرة أخرى.",
    MODEL_NOT_CONFIGURED: "لم يُضبط نموذج الذكاء الاصطناعي لهذا الروبوت بعد.",
    NOT_A_MEMBER: "لم تعد عضوًا في مساحة العمل هذه.",
    NETWORK_ERROR: "تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.",
    INVALID_RESPONSE: "أرسل الخادم ردًا لم نتمكن من قراءته. يُرجى المحاولة مرة أخرى.",
  },
};

export default errors;

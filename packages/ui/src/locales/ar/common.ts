import type en from "../en/common";
import type { Translation } from "../types";

const common: Translation<typeof en> = {
  language: {
    label: "اللغة",
    switchTo: "التبديل إلى {{language}}",
    saveFailed: "تعذّر حفظ اختيار اللغة في حسابك، لكنه يسري على هذا الجهاز.",
  },
  actions: {
    save: "حفظ",
    saving: "جارٍ الحفظ…",
    cancel: "إلغاء",
    close: "إغلاق",
    confirm: "تأكيد",
    delete: "حذف",
    edit: "تعديل",
    back: "رجوع",
    next: "التالي",
    retry: "إعادة المحاولة",
    copy: "نسخ",
    copied: "تم النسخ",
    continue: "متابعة",
    dismiss: "إخفاء",
    loadMore: "عرض المزيد",
    signIn: "تسجيل الدخول",
    signOut: "تسجيل الخروج",
    reload: "أعد تحميل الصفحة",
  },
  pager: {
    label: "الصفحات",
    previous: "السابق",
    next: "التالي",
    position: "الصفحة {{page}} من {{pages}}",
  },
  states: {
    loading: "جارٍ التحميل…",
    empty: "لا يوجد شيء هنا بعد",
    error: "حدث خطأ ما",
    offline: "يبدو أنك غير متصل بالإنترنت.",
  },
  fields: {
    optional: "اختياري",
    required: "مطلوب",
    showPassword: "إظهار كلمة المرور",
    hidePassword: "إخفاء كلمة المرور",
  },
  confidence: {
    label: "الثقة {{percent}}",
    low: "ثقة منخفضة {{percent}}",
    heldBack: "أمسك عن إجابة · الثقة {{percent}}",
    title:
      "مدى تأكّد المحرّك المدمج من أن المقطع الذي اقتبسه يجيب عن السؤال. تُعلَّم الإجابات التي تقل ثقتها عن 60٪ بأنها منخفضة.",
    lowTitle:
      "لم يكن المحرّك المدمج متأكدًا بما يكفي من أن هذا المقطع يجيب عن السؤال. أُدرج السؤال ضمن «أسئلة بلا إجابة» لتضيف معرفة تغطيه.",
    heldBackTitle:
      "وجد المحرّك المدمج إجابة محتملة لكنه لم يكن متأكدًا بما يكفي وفق إعداد الحذر لهذا الروبوت، فأرسل الرد الاحتياطي بدلًا منها.",
  },
  reference: "المرجع: {{id}}",
  product: "Parley",
};

export default common;

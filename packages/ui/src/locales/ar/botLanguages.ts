import type en from "../en/botLanguages";
import type { Translation } from "../types";

const botLanguages: Translation<typeof en> = {
  title: "اللغات",
  description:
    "اللغات التي تتحدث بها أداة المحادثة. يحصل الزائر على لغة متصفحه إن كان الروبوت يتحدث بها، وإلا فعلى اللغة الافتراضية.",
  languageNames: {
    en: "الإنجليزية",
    ar: "العربية",
  },
  defaultLanguage: "اللغة الافتراضية",
  defaultLanguageHint:
    "لغة رسالة الترحيب والردود أعلاه، واللغة التي يحصل عليها الزائر حين لا يتحدث الروبوت لغته.",
  alsoSpeak: "التحدث أيضًا بـ{{language}}",
  alsoSpeakHint: "يحصل الزوار الذين يستخدمون متصفحًا بـ{{language}} على أداة المحادثة ونصوصها بـ{{language}}.",
  columnDefault: "{{language}} (الافتراضية)",
  column: "{{language}}",
  textsLegend: "النصوص بكل لغة",
  textsHint: "اكتب نصوص كل لغة جنبًا إلى جنب. تحصل الأسئلة المكتوبة بلغة ما على الرد البديل بتلك اللغة.",
  greeting: "رسالة الترحيب",
  suggestedQuestions: "الأسئلة المقترحة",
  suggestedQuestionsHint: "سؤال واحد في كل سطر، حتى 6 أسئلة.",
  fallbackReply: "الرد البديل",
  fallbackDefaultNote:
    "هذا هو الرد الافتراضي، لذا يطابقه الروبوت مع ما يعرضه (نموذج البريد الإلكتروني، المحادثة المباشرة). يحصل الزوار الآن على:",
  launcherText: "نص زر المحادثة",
  bubbleText: "فقاعة الترحيب",
  bubbleTextHint: "تظهر فقط حين تكون فقاعة الترحيب مفعّلة.",
  handoffReply: "الرد عند طلب شخص",
  offHoursReply: "الرد خارج ساعات العمل",
  liveChatTextHint: "يُقال فقط حين تكون المحادثة المباشرة مفعّلة.",
  switchedDefault: "انتقلت النصوص مع لغتها: أصبحت {{language}} هي اللغة الافتراضية.",
};

export default botLanguages;

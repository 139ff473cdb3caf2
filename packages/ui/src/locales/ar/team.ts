import type en from "../en/team";
import type { Translation } from "../types";

const team: Translation<typeof en> = {
  roles: {
    owner: "مالك",
    admin: "مشرف",
    agent: "موظف دعم",
  },
  roleHelp: {
    owner: "كل الصلاحيات، بما فيها الفوترة والأعضاء.",
    admin: "الروبوتات والمعرفة وصندوق الوارد والتحليلات والأعضاء؛ دون الفوترة.",
    agent: "صندوق الوارد والمحادثات؛ وإعدادات الروبوتات للاطلاع فقط.",
  },
  page: {
    title: "الفريق",
    lead: "من يعمل في مساحة العمل هذه، وما صلاحيات كل شخص. دورك هنا: <b>{{role}}</b>.",
    seePlans: "اطّلع على الخطط",
  },
  workspace: {
    title: "اسم مساحة العمل",
    description: "ما يراه الأعضاء في مبدّل مساحات العمل، وما تسمّيها به رسائل الدعوة.",
    name: "اسم مساحة العمل",
    save: "حفظ الاسم",
    saved: "تم الحفظ. أصبح اسم مساحة العمل <b>{{name}}</b>.",
    unchanged: "هذا هو اسم مساحة العمل الحالي.",
    createTitle: "إنشاء مساحة عمل",
    createDescription:
      "مساحة عمل مستقلة لها روبوتاتها وصندوق واردها وأعضاؤها وخطتها (تبدأ بالخطة المجانية). أنت مالكها، ويمكنك العودة إلى هذه المساحة في أي وقت.",
    createName: "اسم مساحة العمل الجديدة",
    createPlaceholder: "مثلًا: دعم أكمي",
    create: "إنشاء والانتقال إليها",
  },
  invite: {
    title: "دعوة شخص",
    description:
      "تصله رسالة بريد إلكتروني برابط يعمل سواء كان لديه حساب أم لا. كل عضو وكل دعوة معلّقة يشغل مقعدًا من خطتك.",
    email: "البريد الإلكتروني",
    role: "الدور",
    roleOption: "{{role}} — {{help}}",
    invalidEmail: "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@company.com.",
    sent: "أُرسلت الدعوة إلى <email>{{email}}</email>. وهي صالحة لمدة 7 أيام.",
    send: "إرسال الدعوة",
  },
  members: {
    title: "الأعضاء",
    description:
      "المالكون: كل الصلاحيات بما فيها الفوترة. المشرفون: الروبوتات والمعرفة وصندوق الوارد والتحليلات والأعضاء. موظفو الدعم: صندوق الوارد والمحادثات. إزالة أي شخص تسحب صلاحية وصوله فورًا.",
    loading: "جارٍ تحميل الأعضاء…",
    roleOf: "دور <email>{{email}}</email>",
    confirmRemove: "إزالة {{email}} من مساحة العمل هذه؟ سينتهي وصوله فورًا.",
    remove: "إزالة",
    you: " (أنت)",
  },
  pending: {
    title: "الدعوات المعلّقة",
    description: "تشغل كل دعوة مقعدًا حتى تُقبل أو تُلغى أو تنتهي صلاحيتها.",
    expires: "{{role}} · تنتهي في {{date}}",
    resent: "أُعيد إرسال الدعوة إلى <email>{{email}}</email>.",
    revoked: "أُلغيت الدعوة الموجّهة إلى <email>{{email}}</email>.",
    resend: "إعادة الإرسال",
    revoke: "إلغاء الدعوة",
  },
  leave: {
    title: "مغادرة {{name}}",
    thisWorkspace: "مساحة العمل هذه",
    description: "ستفقد الوصول فورًا. لا يمكن لآخر مالك المغادرة: اجعل شخصًا آخر مالكًا أولًا.",
    confirm: "مغادرة {{name}}؟",
    button: "مغادرة مساحة العمل",
  },
  audit: {
    title: "النشاط",
    description: "من دعا أو أزال أو غيّر دور من، ومن غيّر روبوتًا أو حذف بيانات أو غيّر الخطة.",
    loading: "جارٍ تحميل النشاط…",
    failed: "تعذّر تحميل النشاط. أعد تحميل الصفحة للمحاولة مرة أخرى.",
    empty: "لم يحدث شيء هنا بعد.",
    system: "Parley (تغيير تلقائي)",
    someone: "شخص ما",
    quoted: "«{{name}}»",
    role: " ({{role}})",
    planChangedFrom: "غيّر الخطة من {{from}} إلى",
    actions: {
      member_invited: "دعا",
      invitation_canceled: "ألغى دعوة",
      member_joined: "انضم",
      member_removed: "أزال",
      member_left: "غادر",
      member_role_changed: "غيّر دور",
      workspace_created: "أنشأ مساحة العمل",
      workspace_renamed: "غيّر اسم مساحة العمل إلى",
      bot_created: "أنشأ روبوت المحادثة",
      bot_updated: "غيّر إعدادات روبوت المحادثة",
      bot_deleted: "حذف روبوت المحادثة",
      knowledge_deleted: "حذف مصدر المعرفة",
      conversation_deleted: "حذف المحادثة",
      plan_changed: "غيّر الخطة إلى",
      plan_downgrade_scheduled: "جدول الانتقال إلى خطة أدنى:",
      plan_downgrade_canceled: "ألغى الانتقال المجدول إلى خطة أدنى",
    },
  },
  switcher: {
    label: "مساحة العمل",
    yours: "{{name}} (مساحتك)",
  },
  removed: {
    message: "لم تعد عضوًا في مساحة العمل هذه، لذا أُغلقت أمامك روبوتاتها وصندوق الوارد فيها وإعداداتها.",
    goHome: "انتقل إلى مساحة عملك",
  },
  invitation: {
    documentTitle: "دعوة",
    title: "الانضمام إلى مساحة عمل",
    loading: "جارٍ تحميل الدعوة…",
    signedInAs: "أنت مسجّل الدخول باسم <email>{{email}}</email>.",
    toDashboard: "الانتقال إلى لوحة التحكم",
    aTeamMember: "أحد أعضاء الفريق",
    theirWorkspace: "مساحة عمله",
    body: "دعا <inviter>{{inviter}}</inviter> العنوان <email>{{email}}</email> للانضمام إلى <b>{{workspace}}</b> بدور {{role}}: {{help}}",
    accept: "قبول والانضمام",
  },
  seats: {
    members_zero: "لا أعضاء",
    members_one: "عضو واحد",
    members_two: "عضوان",
    members_few: "{{count}} أعضاء",
    members_many: "{{count}} عضوًا",
    members_other: "{{count}} عضو",
    pending_zero: "لا دعوات معلّقة",
    pending_one: "دعوة معلّقة واحدة",
    pending_two: "دعوتان معلّقتان",
    pending_few: "{{count}} دعوات معلّقة",
    pending_many: "{{count}} دعوة معلّقة",
    pending_other: "{{count}} دعوة معلّقة",
    seats_zero: "لا مقاعد",
    seats_one: "مقعدًا واحدًا",
    seats_two: "مقعدين",
    seats_few: "{{count}} مقاعد",
    seats_many: "{{count}} مقعدًا",
    seats_other: "{{count}} مقعد",
    people: "{{members}} و{{pending}}",
    upgradeOwner: "رقِّ خطتك",
    upgradeAdmin: "اطلب من أحد المالكين ترقية الخطة",
    chooseRemove: "اختر من يبقى: أزل ما يلزم من الأعضاء ({{members}})، أو {{upgrade}}.",
    chooseRemoveAndRevoke:
      "اختر من يبقى: أزل ما يلزم من الأعضاء ({{members}}) وألغِ الدعوات المعلّقة، أو {{upgrade}}.",
    revoke: "ألغِ ما يلزم من الدعوات المعلّقة ({{pending}})، أو {{upgrade}}.",
    over: "تتضمن خطتك {{plan}} {{seats}}، وفي مساحة العمل {{people}}. لم تتم إزالة أحد. {{choose}} وحتى ذلك الحين لا يمكن إرسال دعوات جديدة.",
    downgrade:
      "تتضمن خطة {{plan}} {{seats}}، وفي مساحة العمل هذه {{people}}. لن تتم إزالة أحد عند تغيير الخطة: بعد ذلك تختار في صفحة الفريق من يبقى، ولا يمكن إرسال دعوات جديدة حتى تتسع المقاعد لمساحة العمل.",
  },
  errors: {
    own: {
      SEAT_LIMIT_REACHED:
        "كل مقاعد خطتك مشغولة بأعضاء أو بدعوات معلّقة. رقِّ خطتك من صفحة الفوترة، أو ألغِ دعوة معلّقة، لتتمكن من دعوة شخص جديد.",
      SEATS_UNAVAILABLE: "تعذّر التحقق من مقاعد خطتك الآن. يُرجى المحاولة مرة أخرى بعد قليل.",
      PERSONAL_WORKSPACE_OWNER: "يبقى مالك مساحة العمل الشخصية مالكًا لها دائمًا، وتُحذف مع حسابه.",
      ROLE_NOT_FOUND: "اختر دورًا واحدًا: مالك أو مشرف أو موظف دعم.",
      TRANSFER_OWNERSHIP_FIRST:
        "أنت المالك الوحيد لمساحة عمل فيها أعضاء آخرون. اجعل عضوًا آخر مالكًا (أو أزل الأعضاء) أولًا.",
      WORKSPACE_NAME_INVALID: "أدخل لمساحة العمل اسمًا من سطر واحد لا يتجاوز 80 حرفًا.",
      WORKSPACE_SLUG_INVALID: "تعذّر علينا إنشاء عنوان لمساحة العمل هذه. يُرجى المحاولة مرة أخرى.",
      WORKSPACE_FIELD_NOT_ALLOWED:
        "يمكن هنا تعيين اسم مساحة العمل فقط: لا يمكن تعيين شعارها أو بياناتها الوصفية.",
    },
    USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "هذا الشخص عضو بالفعل في مساحة العمل هذه.",
    USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
      "لهذا العنوان دعوة معلّقة بالفعل. استخدم «إعادة الإرسال» في القائمة أدناه لإرسالها مرة أخرى.",
    YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
      "أُرسلت هذه الدعوة إلى بريد إلكتروني آخر. سجّل الدخول بذلك العنوان لقبولها.",
    INVITATION_NOT_FOUND: "انتهت صلاحية هذه الدعوة، أو أُلغيت، أو استُخدمت من قبل. اطلب دعوة جديدة.",
    YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
      "تحتفظ مساحة العمل دائمًا بمالك واحد على الأقل، ولا يستطيع إزالة مالك إلا مالك آخر.",
    YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
      "تحتفظ مساحة العمل دائمًا بمالك واحد على الأقل. اجعل شخصًا آخر مالكًا أولًا.",
    YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: "يستطيع المالكون والمشرفون فقط دعوة الأشخاص.",
    YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "يستطيع المالك فقط دعوة مالك آخر.",
    YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: "يستطيع المالك فقط تغيير دور مالك أو جعل شخص ما مالكًا.",
    YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "يستطيع المالكون والمشرفون فقط إزالة الأعضاء.",
    ORGANIZATION_MEMBERSHIP_LIMIT_REACHED:
      "لم يبقَ في خطة مساحة العمل هذه مقعد شاغر. يستطيع المالك ترقية الخطة من صفحة الفوترة.",
    YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "لست عضوًا في مساحة العمل هذه.",
  },
};

export default team;

import type { ServerMessageKey } from "../../i18n/server-catalog";

/**
 * The API's and the auth service's messages a person can see, in Arabic, by the codes of
 * `i18n/server-catalog.ts` (the English, by the same codes). The compiler fails when a code has
 * no Arabic here; `catalogs.test.ts` when the placeholders (`{{name}}`, filled from the error's
 * `values`) differ from the English. See `server-messages.ts`.
 */
const server: Record<ServerMessageKey, string> = {
  // ——— Sign-in, session and access (API) ———
  "session.signInToContinue": "يُرجى تسجيل الدخول للمتابعة.",
  "session.sessionHasExpired": "انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.",
  "session.invalidAccessToken": "رمز الدخول غير صالح. يُرجى تسجيل الدخول مرة أخرى.",
  "session.signInServiceCouldNot": "تعذّر الوصول إلى خدمة تسجيل الدخول. يُرجى المحاولة مرة أخرى.",
  "session.youNoLongerMemberOf": "لم تعد عضوًا في مساحة العمل هذه. انتقل إلى مساحة عمل أخرى للمتابعة.",
  "session.onlyOwnerOfWorkspaceCan": "يقتصر الاطلاع على الفوترة وتعديلها على مالكي مساحة العمل هذه.",
  "session.roleInWorkspaceDoesNot": "دورك في مساحة العمل هذه لا يسمح بهذا الإجراء.",
  "session.userNotFound": "لم يُعثر على المستخدم.",
  "session.youCanOnlyLookUp": "يمكنك الاطلاع على حسابك فقط.",
  "session.weCouldNotCountWorkspaces": "تعذّر علينا احتساب أعضاء مساحة العمل الآن. يُرجى المحاولة بعد لحظات.",
  // ——— General ———
  "general.somethingWentWrongOnSide": "حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.",
  "general.invalidRequest": "الطلب غير صالح.",
  "general.invalid": "غير صالح",
  "general.mustNotContainNulCharacter": "يجب ألا يحتوي على المحرف الفارغ (NUL).",
  "general.requestBodyNotValidUtf": "محتوى الطلب ليس نصًا صالحًا بترميز UTF-8. أرسله بترميز UTF-8.",
  "general.invalidPageCursor": "تعذّر تحميل الصفحة التالية. يُرجى إعادة تحميل القائمة.",
  "general.currencyMustBeIso4217": "يجب أن تكون العملة رمزًا من ثلاثة أحرف وفق معيار ISO 4217.",
  "general.useDateLike202611": "أدخل التاريخ بالصيغة 2026-11-21.",
  "general.useDateThatExistsLike": "أدخل تاريخًا صحيحًا، مثل 2026-11-21.",
  // zod's own English for fields whose contract names no message.
  "zod.tooBigExpectedStringTo": "يجب ألا يتجاوز عدد أحرف النص {{max}}.",
  "zod.tooSmallExpectedStringTo": "يجب ألا يقل عدد أحرف النص عن {{min}}.",
  "zod.tooBigExpectedArrayTo": "يجب ألا يتجاوز عدد العناصر {{max}}.",
  "zod.tooSmallExpectedArrayTo": "يجب ألا يقل عدد العناصر عن {{min}}.",
  "zod.tooBigExpectedNumberTo": "يجب ألا تتجاوز القيمة {{max}}.",
  "zod.tooSmallExpectedNumberTo": "يجب ألا تقل القيمة عن {{min}}.",
  "zod.invalidOptionExpectedOneOf": "اختر إحدى القيم التالية: {{options}}",
  "zod.invalidEmailAddress": "البريد الإلكتروني غير صالح.",
  "zod.invalidUrl": "الرابط غير صالح.",
  "zod.invalidInput": "القيمة المُدخلة غير صالحة.",
  // ——— Chatbots ———
  "chatbot.chatbotNotFound": "لم يُعثر على روبوت المحادثة.",
  "chatbot.giveChatbotName": "أدخل اسمًا لروبوت المحادثة.",
  "chatbot.keepNameUnder80Characters": "يجب ألا يتجاوز الاسم 80 حرفًا.",
  "chatbot.removeInvisibleTextDirectionOverride":
    "احذف محارف تجاوز اتجاه النص غير المرئية (من U+202A إلى U+202E).",
  "chatbot.keepGreetingUnder500Characters": "يجب ألا تتجاوز رسالة الترحيب 500 حرف.",
  "chatbot.keepGreetingBubbleUnder140": "يجب ألا تتجاوز فقاعة الترحيب 140 حرفًا.",
  "chatbot.removeControlCharactersFromGreeting": "احذف محارف التحكم من فقاعة الترحيب.",
  "chatbot.writeGreetingOrTurnBubble": "اكتب نص الترحيب، أو أوقف فقاعة الترحيب.",
  "chatbot.enterNumberOfSeconds": "أدخل عدد الثواني.",
  "chatbot.useWholeNumberOfSeconds": "أدخل عددًا صحيحًا من الثواني.",
  "chatbot.atLeast0Seconds": "يجب ألا تقل المدة عن 0 ثانية.",
  "chatbot.atMost300Seconds": "يجب ألا تزيد المدة على 300 ثانية (5 دقائق).",
  "chatbot.upTo6SuggestedQuestions": "يمكنك إضافة 6 أسئلة مقترحة كحد أقصى.",
  "chatbot.fallbackReplyCannotBeEmpty": "لا يمكن ترك الرد البديل فارغًا.",
  "chatbot.keepInstructionsUnder8000": "يجب ألا تتجاوز التعليمات 8,000 حرف.",
  "chatbot.chooseAtLeastOneLanguage": "اختر لغة واحدة على الأقل.",
  "chatbot.keepConversationsForAtLeast": "احتفظ بالمحادثات يومًا واحدًا على الأقل.",
  "chatbot.useColourLike4f46e5": "أدخل لونًا بالصيغة ‎#4f46e5.",
  "chatbot.enterDomainSuchAsExample": "أدخل نطاقًا مثل example.com أو ‎*.example.com.",
  "chatbot.supportedLanguagesMustIncludeDefault": "يجب أن تشمل اللغات المدعومة اللغة الافتراضية.",
  "chatbot.defaultLanguagesTextsTopLevel":
    "نصوص اللغة الافتراضية هي الحقول الرئيسية (الترحيب، الرد البديل…)، لا الترجمات.",
  "chatbot.useTopLevelFieldsFor": "استخدم الحقول الرئيسية للغة الافتراضية.",
  "chatbot.messagesLimitedToCharacters": "يجب ألا يتجاوز عدد أحرف الرسالة {{max}}.",
  "chatbot.typeMessage": "اكتب رسالة.",
  // Live chat settings (a bot's handoff texts and office hours).
  "chatbot.writeWhatBotSaysWhen": "اكتب ما يقوله الروبوت عند تحويل المحادثة إلى الفريق.",
  "chatbot.writeWhatBotSaysOutside": "اكتب ما يقوله الروبوت خارج ساعات العمل.",
  "chatbot.keepItUnder500Characters": "يجب ألا يتجاوز النص 500 حرف.",
  "chatbot.useTimeLike0900": "أدخل وقتًا بالصيغة ‎09:00.",
  "chatbot.closingTimeMustBeAfter": "يجب أن يكون وقت الإغلاق بعد وقت الفتح.",
  "chatbot.chooseTimeZoneFromList": "اختر منطقة زمنية من القائمة.",
  // ——— AI model (playground and answers) ———
  "model.chatbotSetToUseAi":
    "روبوت المحادثة هذا مضبوط لاستخدام نموذج ذكاء اصطناعي، لكن لم يُحدَّد عنوان للنموذج. حدّده في إعدادات النموذج الخاصة بالروبوت، أو في LLM_BASE_URL وLLM_MODEL.",
  "model.modelApiKeyStoredFor":
    "تعذّر فك تشفير مفتاح واجهة برمجة النموذج المحفوظ لروبوت المحادثة {{id}}: إما أنه تغيّر خارج Parley، أو أن MODEL_KEYS_SECRET ليس المفتاح الذي حُفظ به. أدخل المفتاح مرة أخرى في إعدادات النموذج الخاصة بالروبوت.",
  "model.aiModelStoppedStreamingFor": "توقّف نموذج الذكاء الاصطناعي عن الإرسال لمدة {{ms}} ملّي ثانية.",
  "model.aiModelDidNotAnswer": "لم يستجب نموذج الذكاء الاصطناعي خلال {{ms}} ملّي ثانية.",
  "model.aiModelDidNotStart": "لم يبدأ نموذج الذكاء الاصطناعي الإجابة خلال {{ms}} ملّي ثانية.",
  "model.aiModelsAddressOnPrivate":
    "عنوان نموذج الذكاء الاصطناعي على شبكة خاصة أو محلية، وهذا ما لا يسمح به الخادم.",
  "model.aiModelCouldNotBe": "تعذّر الوصول إلى نموذج الذكاء الاصطناعي ({{detail}}).",
  "model.aiModelAnsweredWithDetail": "ردّ نموذج الذكاء الاصطناعي بالرمز {{status}}: {{detail}}",
  "model.aiModelAnsweredStatus": "ردّ نموذج الذكاء الاصطناعي بالرمز {{status}}.",
  "model.aiModelFailed": "أخفق نموذج الذكاء الاصطناعي: {{detail}}",
  "model.aiModelStreamBrokeOff": "انقطع الإرسال من نموذج الذكاء الاصطناعي ({{detail}}).",
  "model.aiModelReturnedEmptyAnswer": "أعاد نموذج الذكاء الاصطناعي إجابة فارغة.",
  "model.somethingWentWrongWhileAnswering": "حدث خطأ أثناء الإجابة.",
  // ——— Knowledge sources ———
  "knowledge.knowledgeSourceNotFound": "لم يُعثر على مصدر المعرفة.",
  "knowledge.invalidSource": "المصدر غير صالح.",
  "knowledge.attachFileInFileField": "أرفق ملفًا في الحقل `file`.",
  "knowledge.fileEmpty": "الملف فارغ.",
  "knowledge.sourceAlreadyBeingProcessed": "تجري معالجة هذا المصدر بالفعل.",
  "knowledge.filesLimitedToMbOn":
    "الحد الأقصى لحجم الملف في باقتك {{mb}} ميغابايت. قم بالترقية لرفع ملفات أكبر.",
  "knowledge.giveTextTitle": "أدخل عنوانًا للنص.",
  "knowledge.keepTitleUnderCharacters": "يجب ألا يتجاوز عدد أحرف العنوان {{max}}.",
  "knowledge.textEmpty": "النص فارغ.",
  "knowledge.textSourcesLimitedTo500": "يجب ألا يتجاوز المصدر النصي 500,000 حرف.",
  "knowledge.writeQuestion": "اكتب السؤال.",
  "knowledge.writeAnswer": "اكتب الإجابة.",
  "knowledge.enterFullAddressSuchAs": "أدخل عنوانًا كاملًا مثل https://example.com",
  "knowledge.onlyHttpAndHttpsSites": "لا يمكن الزحف إلا إلى المواقع التي تبدأ عناوينها بـ http أو https.",
  "knowledge.documentHasMoreThanCharacters":
    "عدد أحرف نص هذا المستند أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». قسّمه إلى ملفات أصغر أو قم بترقية باقتك.",
  "knowledge.documentGivesMoreThanPassages":
    "عدد المقاطع الناتجة عن هذا المستند أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». قسّمه إلى ملفات أصغر أو قم بترقية باقتك.",
  "knowledge.siteGivesMoreThanPassages":
    "عدد المقاطع الناتجة عن هذا الموقع أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». خفّض حد الصفحات أو قم بترقية باقتك.",
  "knowledge.zipFileNotWordDocument":
    "ملف ZIP هذا ليس مستند Word. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "knowledge.fileTypeIsntSupportedUpload":
    "نوع الملف هذا غير مدعوم. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "knowledge.fileIsntUtf8Text":
    "هذا الملف ليس نصًا بترميز UTF-8. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "knowledge.noTextFoundInPdf":
    "لم يُعثر على نص في ملف PDF هذا. تحتاج المستندات الممسوحة ضوئيًا إلى التعرّف على النص، وهو غير مدعوم بعد.",
  "knowledge.documentEmpty": "هذا المستند فارغ.",
  "knowledge.pdfPasswordProtectedRemovePassword":
    "ملف PDF هذا محمي بكلمة مرور. أزل كلمة المرور ثم ارفعه مرة أخرى.",
  "knowledge.pdfCouldNotBeRead": "تعذّرت قراءة ملف PDF هذا. قد يكون تالفًا؛ جرّب تصديره مرة أخرى.",
  "knowledge.wordDocumentCouldNotBe":
    "تعذّرت قراءة مستند Word هذا. قد يكون تالفًا؛ جرّب حفظه مرة أخرى بصيغة ‎.docx.",
  "knowledge.wordDocumentUnpacksToMore":
    "يتجاوز مستند Word هذا بعد فك ضغطه ما يتسع له مصدر واحد (قد يكون ملفًا مضغوطًا خبيثًا). قسّمه إلى مستندات أصغر.",
  "knowledge.uploadedFileMissingUploadIt": "الملف المرفوع غير موجود؛ يُرجى رفعه مرة أخرى.",
  "knowledge.pagesWereReachedButHeld": "تم الوصول إلى الصفحات، لكنها لا تحتوي على نص يمكن قراءته.",
  "knowledge.sourceHoldsNoTextTo": "لا يحتوي هذا المصدر على نص يمكن التعلّم منه.",
  "knowledge.somethingWentWrongWhileReading": "حدث خطأ أثناء قراءة هذا المصدر. جرّب إعادة مزامنته.",
  "knowledge.readingSourceFailedOnEvery":
    "أخفقت قراءة هذا المصدر في كل المحاولات (توقّف القارئ)، لذا توقفنا عن المحاولة. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه، أو جرّب إعادة المزامنة.",
  "knowledge.pageNestedTooDeeplyTo": "بنية هذه الصفحة متداخلة بعمق يتعذّر معه قراءتها.",
  "knowledge.pageCouldNotBeRead": "تعذّرت قراءة الصفحة.",
  "knowledge.fileNeedsMoreMemoryTo":
    "تحتاج قراءة هذا الملف إلى ذاكرة أكبر مما يُسمح به لمصدر واحد. قد يكون تالف البنية، أو كبيرًا ومعقّدًا: قسّمه إلى ملفات أصغر.",
  "knowledge.fileCouldNotBeRead":
    "تعذّرت قراءة هذا الملف: توقّف القارئ على نحو غير متوقع. قد يكون الملف تالفًا أو تالف البنية.",
  "knowledge.readingFileTookLongerThan":
    "استغرقت قراءة هذا الملف أكثر من ثانية واحدة، لذا أُوقفت. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه إلى ملفات أصغر.",
  "knowledge.readingFileTookLongerThanSeconds":
    "استغرقت قراءة هذا الملف أكثر من {{seconds}} ثانية، لذا أُوقفت. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه إلى ملفات أصغر.",
  "knowledge.semanticSearchOffForSource":
    "البحث الدلالي متوقف لهذا المصدر: {{reason}}. وما زال يُبحث فيه بكلماته؛ أعد مزامنته للمحاولة مجددًا.",
  // ——— Website crawling ———
  "crawl.addressNotWebPageWe": "هذا العنوان ليس صفحة ويب يمكننا الزحف إليها.",
  "crawl.addressOnPrivateOrLocal": "هذا العنوان على شبكة خاصة أو محلية، ولا يمكن الزحف إليه.",
  "crawl.addressOnPrivateOrLocalNetwork": "هذا العنوان على شبكة خاصة أو محلية، ولا يمكن الوصول إليه.",
  "crawl.onlyHttpAndHttpsAddresses": "يمكن الوصول إلى العناوين التي تبدأ بـ http أو https فقط.",
  "crawl.addressesWithUserNameOr": "لا يُسمح بالعناوين التي تتضمن اسم مستخدم أو كلمة مرور.",
  "crawl.tooManyRedirects": "عمليات إعادة توجيه كثيرة جدًا.",
  "crawl.responseLargerThanKb": "حجم الاستجابة أكبر من {{kb}} كيلوبايت.",
  "crawl.sitesRobotsTxtDoesNot": "لا يسمح ملف robots.txt في الموقع بالزحف إلى {{url}}.",
  "crawl.itLeadsToPrivateOr": "تؤدي إلى عنوان خاص أو محلي.",
  "crawl.pageLargerThan3Mb": "حجم الصفحة أكبر من 3 ميغابايت؛ توقفت القراءة عند هذا الحد.",
  "crawl.largerThan3Mb": "حجم {{url}} أكبر من 3 ميغابايت.",
  "crawl.pageDidNotLoadWithin": "لم تُحمَّل الصفحة خلال ثانية واحدة.",
  "crawl.pageDidNotLoadWithinSeconds": "لم تُحمَّل الصفحة خلال {{seconds}} ثانية.",
  "crawl.didNotLoadWithin1": "لم يُحمَّل {{url}} خلال ثانية واحدة.",
  "crawl.didNotLoadWithinSeconds": "لم يُحمَّل {{url}} خلال {{seconds}} ثانية.",
  "crawl.weCouldntReachIt": "تعذّر علينا الوصول إليها ({{detail}}).",
  "crawl.weCouldntReach": "تعذّر علينا الوصول إلى {{url}} ({{detail}}).",
  "crawl.itRedirectsToAnotherSite": "تعيد التوجيه إلى موقع آخر ({{site}}).",
  "crawl.redirectsToAnotherSite": "يعيد {{url}} التوجيه إلى موقع آخر ({{site}}).",
  "crawl.itRedirectsTooOftenOr": "تعيد التوجيه مرات كثيرة جدًا، أو إلى لا مكان.",
  "crawl.redirectsTooOften": "يعيد {{url}} التوجيه مرات كثيرة جدًا.",
  "crawl.pageAnswered": "ردّت الصفحة بالرمز {{status}}.",
  "crawl.answered": "ردّ {{url}} بالرمز {{status}}.",
  "crawl.itNotWebPage": "ليست صفحة ويب ({{kind}}).",
  "crawl.notWebPage": "{{url}} ليس صفحة ويب ({{kind}}).",
  "crawl.noReadablePagesWereFound": "لم يُعثر على صفحات يمكن قراءتها في {{url}}.",
  "crawl.pageAsksNotToBe": "تطلب الصفحة عدم فهرستها (noindex).",
  "crawl.itSamePageAs": "إنها الصفحة نفسها الموجودة في {{url}}.",
  "crawl.couldNotBeReadAs": "تعذّرت قراءة {{url}} بوصفه خريطة موقع.",
  "crawl.itNotSitemap": "ليست خريطة موقع.",
  "crawl.sitemapAnswered": "ردّت خريطة الموقع بالرمز {{status}}.",
  "crawl.sitemapExpandsToMoreThan": "يتجاوز حجم خريطة الموقع بعد فك ضغطها {{mb}} ميغابايت؛ لم تُقرأ.",
  "crawl.sitemapNotValidGzip": "خريطة الموقع ليست ملف gzip صالحًا.",
  "crawl.sitemapLargerThanMbIt": "حجم خريطة الموقع أكبر من {{mb}} ميغابايت؛ لم تُقرأ.",
  "crawl.weCouldntReadSitemap": "تعذّرت علينا قراءة خريطة الموقع.",
  "crawl.itRedirectsTooOften": "تعيد التوجيه مرات كثيرة جدًا.",
  "crawl.sitemapOnAnotherSiteIt": "خريطة الموقع على موقع آخر؛ لم تُقرأ.",
  "crawl.sitemapListedAgainLoopIt": "خريطة الموقع مُدرجة مرة أخرى (حلقة)؛ قُرئت مرة واحدة.",
  "crawl.sitemapIndexesNestMoreThan": "تتداخل فهارس خرائط الموقع لأكثر من {{depth}} مستويات؛ لم تُقرأ هذه.",
  "crawl.moreThanSitemapsOneWas": "أكثر من {{count}} خريطة موقع؛ لم تُقرأ هذه.",
  "crawl.sitemapsListMoreThanAddresses": "تُدرج خرائط الموقع أكثر من {{count}} عنوان؛ قُرئت أول {{count}} فقط.",
  "crawl.sitemapLists1AddressOn": "تُدرج خريطة الموقع عنوانًا واحدًا على موقع آخر؛ استُبعد.",
  "crawl.sitemapListsAddressesOnAnother": "تُدرج خريطة الموقع {{count}} من العناوين على موقع آخر؛ استُبعدت.",
  "crawl.scheduledReSyncsPartOf":
    "إعادة المزامنة المجدولة جزء من الباقات المدفوعة. قم بترقية باقتك، أو أعد مزامنة هذا المصدر يدويًا.",
  "crawl.onlyWebsiteSourcesHavePath": "قواعد المسارات وجدول إعادة المزامنة متاحة لمصادر المواقع فقط.",
  "crawl.writePathSuchAsHelp": "اكتب مسارًا مثل ‎/help/‎",
  "crawl.keepEachPathPatternUnder": "اجعل كل نمط مسار أقل من 200 حرف.",
  "crawl.pathPatternStartsWithSuch": "يبدأ نمط المسار بالرمز /، مثل ‎/help/‎",
  "crawl.atMostPathPatterns": "{{count}} نمط مسار على الأكثر.",
  // ——— Plans and limits ———
  "plan.planIncludes1ChatbotUpgrade":
    "تتضمن باقتك «{{plan}}» روبوت محادثة واحدًا. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludesChatbotsUpgradePlan":
    "تتضمن باقتك «{{plan}}» {{count}} من روبوتات المحادثة. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludes1MessageMonth":
    "تتضمن باقتك «{{plan}}» رسالة واحدة شهريًا. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludesMessagesMonthUpgrade":
    "تتضمن باقتك «{{plan}}» {{count}} من الرسائل شهريًا. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludes1KnowledgeSource":
    "تتضمن باقتك «{{plan}}» مصدر معرفة واحدًا. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludesKnowledgeSourcesUpgrade":
    "تتضمن باقتك «{{plan}}» {{count}} من مصادر المعرفة. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludes1TeamMember":
    "تتضمن باقتك «{{plan}}» عضوًا واحدًا في الفريق. قم بترقية باقتك لإضافة المزيد.",
  "plan.planIncludesTeamMembersUpgrade":
    "تتضمن باقتك «{{plan}}» {{count}} من أعضاء الفريق. قم بترقية باقتك لإضافة المزيد.",
  // ——— Subscriptions ———
  "subscription.planNotFound": "لم يُعثر على الباقة.",
  "subscription.youCanOnlyViewOwn": "يمكنك الاطلاع على اشتراكك فقط.",
  "subscription.youCanOnlyChangeOwn": "يمكنك تغيير اشتراكك فقط.",
  "subscription.selectedPlanNotAvailable": "الباقة المختارة غير متاحة.",
  "subscription.billingIntervalDoesNotMatch": "دورة الفوترة لا تطابق الباقة المختارة.",
  "subscription.youOnFreePlanThere": "أنت على الباقة المجانية: لا توجد باقة أدنى للانتقال إليها.",
  "subscription.paymentReferenceDoesNotBelong": "مرجع الدفع هذا لا يخص اشتراكك الحالي.",
  "subscription.onlyPlanBelowCanBe": "لا يمكن جدولة الانتقال إلا إلى باقة أدنى من الباقة «{{plan}}».",
  "subscription.downgradeScheduledPlanWillChange":
    "تمت جدولة الانتقال إلى باقة أدنى: ستنتقل إلى الباقة «{{plan}}» في {{date}}.",
  "subscription.thereNoScheduledDowngradeTo": "لا يوجد انتقال مجدول إلى باقة أدنى لإلغائه.",
  "subscription.scheduledDowngradeWasCancelledPlan":
    "أُلغي الانتقال المجدول إلى باقة أدنى؛ تبقى باقتك كما هي.",
  "subscription.missingRequiredDowngradeInformation":
    "بعض المعلومات المطلوبة للانتقال إلى باقة أدنى غير موجودة.",
  // ——— Payments ———
  "payment.paymentNotFound": "لم يُعثر على الدفعة.",
  "payment.youCanOnlyRecordOwn": "يمكنك تسجيل دفعاتك فقط.",
  "payment.paymentDetailsDoNotMatch": "بيانات الدفع لا تطابق الدفعة التي بدأتها.",
  "payment.paymentCanNoLongerBe": "لم يعد بالإمكان إتمام هذه الدفعة.",
  "payment.amountDoesNotMatchPrice": "المبلغ لا يطابق سعر الباقة المختارة.",
  "payment.amountDoesNotMatchPriceOf": "المبلغ لا يطابق سعر أي باقة.",
  "payment.userOrPlanNotFound": "لم يُعثر على المستخدم أو الباقة.",
  "payment.planNameDoesNotMatch": "اسم الباقة لا يطابق الباقة المختارة.",
  "payment.freePlanNeedsNoPayment": "الباقة المجانية لا تتطلب أي دفع.",
  "payment.severalPlansCostAmountSend": "هذا المبلغ سعرٌ لأكثر من باقة: أرسل planId لتحديد إحداها.",
  "payment.capturedAmountDiffersFromPrice": "المبلغ المحصّل يختلف عن السعر.",
  "payment.paymentWasCancelled": "أُلغيت الدفعة.",
  "payment.paymentWasDeclined": "رُفضت الدفعة.",
  "payment.paymentWasNotCompletedIn": "لم تكتمل الدفعة في الوقت المحدد.",
  "payment.paymentGatewayCouldNotStart": "تعذّر على بوابة الدفع بدء الدفعة.",
  "payment.declinedByCardIssuerSandbox": "رفضها مُصدر البطاقة (بيئة الاختبار).",
  "payment.cancelledAtPaymentPage": "أُلغيت من صفحة الدفع.",
  "payment.paymentLinkNotValid": "رابط الدفع هذا غير صالح.",
  "payment.chooseApproveDeclineOrCancel": "اختر «موافقة» أو «رفض» أو «إلغاء».",
  "payment.benefitCouldNotBeReached": "تعذّر الوصول إلى BENEFIT ({{detail}}).",
  "payment.benefitAnswered": "ردّت BENEFIT بالرمز {{status}}.",
  "payment.benefitAcceptsBhdOnlyNot": "تقبل BENEFIT الدفع بعملة BHD فقط، وليس {{currency}}.",
  "payment.benefitRefusedToStartPayment": "رفضت BENEFIT بدء الدفعة.",
  "payment.benefitInquiryFailed": "أخفق الاستعلام عن الدفعة لدى BENEFIT.",
  "payment.cardGatewayCouldNotBe": "تعذّر الوصول إلى بوابة البطاقات ({{detail}}).",
  "payment.cardGatewayAnswered": "ردّت بوابة البطاقات بالرمز {{status}}.",
  "payment.cardGatewayRefusedToStart": "رفضت بوابة البطاقات بدء الدفعة.",
  "payment.paymentGatewayCouldNotBe": "تعذّر الوصول إلى بوابة الدفع ({{detail}}).",
  "payment.paymentGatewayAnswered": "ردّت بوابة الدفع بالرمز {{status}}.",
  "payment.paymentGatewaySentNoPayment": "لم ترسل بوابة الدفع صفحة للدفع.",
  // ——— Inbox and analytics ———
  "inbox.conversationNotFound": "لم يُعثر على المحادثة.",
  "inbox.messageNotFound": "لم يُعثر على الرسالة.",
  "inbox.endDateMustNotBe": "يجب ألا يسبق تاريخ النهاية تاريخ البداية.",
  "inbox.chooseRangeOfAtMost": "اختر فترة لا تتجاوز سنة واحدة.",
  // ——— Live chat (a person takes over from the bot) ———
  "liveChat.alreadyHandlingConversation": "{{name}} يتولى هذه المحادثة بالفعل.",
  "liveChat.anotherMemberAlreadyHandlingConversation": "عضو آخر يتولى هذه المحادثة بالفعل.",
  "liveChat.conversationClosedItReopensWhen": "هذه المحادثة مغلقة. تُفتح من جديد عندما يكتب الزائر مرة أخرى.",
  "liveChat.onlyWebsiteConversationsCanBe": "يمكن تحويل محادثات الموقع فقط إلى شخص من الفريق.",
  "liveChat.chatDoesNotOfferPerson": "لا توفّر هذه المحادثة التحدث إلى شخص من الفريق.",
  "liveChat.tooManyTypingSignalsWait": "إشارات كتابة كثيرة جدًا. يُرجى الانتظار قليلًا.",
  "liveChat.tooManyOpenDashboardTabs":
    "علامات تبويب كثيرة جدًا مفتوحة على لوحة التحكم. أغلق إحداها ثم حاول مرة أخرى.",
  "liveChat.tooManyOpenChatWindows": "نوافذ محادثة كثيرة جدًا مفتوحة. أغلق إحداها ثم حاول مرة أخرى.",
  "liveChat.tooManyOpenChatWindowsFrom": "نوافذ محادثة كثيرة جدًا مفتوحة من شبكتك. يُرجى المحاولة لاحقًا.",
  "liveChat.youHaveAskedForPerson": "طلبت التحدث إلى شخص عدة مرات. يُرجى انتظار رد الفريق.",
  "liveChat.tooManyReconnectionsWaitMoment": "محاولات إعادة اتصال كثيرة جدًا. يُرجى الانتظار قليلًا.",
  "liveChat.waitAtLeast15Seconds": "انتظر 15 ثانية على الأقل قبل عرض نموذج التواصل.",
  "liveChat.waitAtMostHour3600": "انتظر ساعة على الأكثر (3600 ثانية) قبل عرض نموذج التواصل.",
  // ——— Contact and support ———
  "contact.thanksWeHaveMessageAnd":
    "شكرًا لك يا {{name}}. وصلتنا رسالتك، وسنرد عليك على {{email}} خلال يوم عمل واحد.",
  "contact.tooManyMessagesFromNetwork": "رسائل كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "contact.tooManyMessagesTryAgain": "رسائل كثيرة جدًا. يُرجى المحاولة لاحقًا.",
  "contact.enterName": "يُرجى إدخال اسمك.",
  "contact.nameTooLong": "الاسم طويل جدًا.",
  "contact.enterValidEmailAddress": "يُرجى إدخال بريد إلكتروني صحيح.",
  "contact.companyNameTooLong": "اسم الشركة طويل جدًا.",
  "contact.writeAtLeast10Characters": "يُرجى كتابة 10 أحرف على الأقل.",
  "contact.keepMessageUnder5000": "يُرجى ألا تتجاوز رسالتك 5,000 حرف.",
  // ——— Chat widget ———
  "widget.chatNotAvailable": "هذه المحادثة غير متاحة.",
  "widget.chatNotEnabledOnWebsite": "المحادثة غير مفعّلة على هذا الموقع.",
  "widget.chatNotEnabledOnAdd":
    "المحادثة غير مفعّلة على {{origin}}. أضف {{domain}} إلى النطاقات المسموح بها لروبوت المحادثة {{id}} في لوحة تحكم Parley (تبويب «التضمين»).",
  "widget.chatbotNotPublishedPublishIt":
    "روبوت المحادثة {{id}} غير منشور. انشره من لوحة تحكم Parley لعرض المحادثة.",
  "widget.thereNoChatbotItWas":
    "لا يوجد روبوت محادثة بالمعرّف {{id}}: إما أنه حُذف، أو أن قيمة data-chatbot-id غير صحيحة.",
  "widget.conversationHasReachedItsLength": "بلغت هذه المحادثة حدها الأقصى من الطول. يُرجى بدء محادثة جديدة.",
  "widget.chatDoesNotCollectContact": "لا تجمع هذه المحادثة بيانات التواصل.",
  "widget.tooManyRequestsFromNetwork": "طلبات كثيرة جدًا من شبكتك. يُرجى المحاولة بعد دقيقة.",
  "widget.tooManyRequestsFromNetworkWait":
    "طلبات كثيرة جدًا من شبكتك. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "widget.tooManyRequestsFromNetworkTry": "طلبات كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "widget.tooManyConnectionTestsWait": "اختبارات اتصال كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "widget.tooManyNewConversationsFrom": "محادثات جديدة كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "widget.youreSendingMessagesTooQuickly":
    "أنت ترسل الرسائل بسرعة كبيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "widget.youreSendingFeedbackTooQuickly":
    "أنت ترسل التقييمات بسرعة كبيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "widget.sorrySomethingWentWrongWhile": "عذرًا، حدث خطأ أثناء الإجابة. يُرجى المحاولة مرة أخرى.",
  // ——— API keys and the public API (/api/v1) ———
  "apiKeys.sendApiKeyAsAuthorization": "أرسل مفتاح API في الترويسة `Authorization: Bearer <key>`.",
  "apiKeys.tooManyRequestsWithApi": "طلبات كثيرة جدًا بمفتاح API هذا. يُرجى الإبطاء والمحاولة بعد دقيقة.",
  "apiKeys.apiKeyDoesNotHave": "لا يملك مفتاح API هذا صلاحية `{{scope}}`.",
  "apiKeys.keyCannotDoThis": "لا يستطيع مفتاح API فعل هذا. سجّل الدخول إلى Parley لتفعله.",
  "apiKeys.apiKeyNotFound": "لم يُعثر على مفتاح API.",
  "apiKeys.invalidApiKey": "مفتاح API غير صالح.",
  "apiKeys.apiKeyHasBeenRevoked": "أُلغي مفتاح API هذا.",
  "apiKeys.apiKeyHasExpired": "انتهت صلاحية مفتاح API هذا.",
  "apiKeys.planDoesNotIncludeApi":
    "لا تشمل الباقة «{{plan}}» الوصول إلى واجهة API. رقِّ باقتك إلى «الاحترافية» أو «الأعمال» لاستخدام مفاتيح API.",
  "apiKeys.expiryMustBeInFuture": "يجب أن يكون تاريخ الانتهاء في المستقبل.",
  "apiKeys.workspaceCanHoldApiKeys":
    "الحد الأقصى لمفاتيح API في مساحة العمل: {{max}}. ألغِ أولًا مفتاحًا لم تعد تستخدمه.",
  "apiKeys.sendDocumentAsMultipartForm": "أرسل المستند بصيغة multipart/form-data في الحقل `file`.",
  "apiKeys.workspaceHasUsedItsPlans": "استهلكت مساحة العمل هذه رسائل خطتها لهذا الشهر.",
  "apiKeys.workspaceHasUsedItsPlansMessages":
    "استهلكت مساحة العمل هذه رسائل باقتها لهذا الشهر. رقِّ الباقة للرد على المزيد.",
  "apiKeys.somethingWentWrongWhileAnswering": "حدث خطأ أثناء الرد. يُرجى المحاولة مرة أخرى.",
  "apiKeys.botsAiModelCouldNot": "تعذّر على نموذج الذكاء الاصطناعي للروبوت الرد. يُرجى المحاولة مرة أخرى.",
  "apiKeys.giveKeyName": "أعطِ المفتاح اسمًا.",
  "apiKeys.keepNameUnderCharacters": "يجب ألا يتجاوز الاسم {{max}} حرفًا.",
  "apiKeys.chooseAtLeastOneScope": "اختر صلاحية واحدة على الأقل.",
  "apiKeys.enterDateAndTime": "أدخل تاريخًا ووقتًا.",
  // ——— Webhooks ———
  "webhooks.webhookEndpointNotFound": "لم يُعثر على عنوان الويب هوك.",
  "webhooks.deliveryNotFound": "لم يُعثر على عملية التسليم.",
  "webhooks.planDoesNotIncludeWebhooks":
    "لا تتضمن الباقة «{{plan}}» الويب هوك. رقِّ باقتك إلى «الاحترافية» أو «الأعمال» لاستخدامها.",
  "webhooks.workspaceCanHaveAtMost": "الحد الأقصى لعناوين الويب هوك في مساحة العمل: {{count}}.",
  "webhooks.endpointTurnedOffTurnIt": "هذا العنوان متوقف. شغّله لإرسال الأحداث إليه.",
  "webhooks.endpointTurnedOff": "العنوان متوقف.",
  "webhooks.tooManyTestEventsAnd":
    "أرسلت عددًا كبيرًا من الأحداث التجريبية وعمليات إعادة الإرسال. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "webhooks.receiverAnswered": "أجابت جهة الاستقبال بالرمز {{status}}.",
  "webhooks.receiverAnsweredWithRedirectWebhooks":
    "أجابت جهة الاستقبال بإعادة توجيه ({{status}})، والويب هوك لا يتبع إعادة التوجيه.",
  "webhooks.receiverDidNotAnswerIn": "لم تُجب جهة الاستقبال في الوقت المحدد.",
  "webhooks.receiversHostNameCouldNot": "تعذّر العثور على اسم مضيف جهة الاستقبال.",
  "webhooks.receiverRefusedConnection": "رفضت جهة الاستقبال الاتصال.",
  "webhooks.receiverClosedConnection": "أغلقت جهة الاستقبال الاتصال.",
  "webhooks.receiverCouldNotBeReached": "تعذّر الوصول إلى جهة الاستقبال.",
  "webhooks.onlyHttpAndHttpsAddresses": "يمكن للعناوين التي تبدأ بـ http أو https فقط استقبال الويب هوك.",
  "webhooks.addressCanBeAtMost": "يجب ألا يتجاوز عدد أحرف العنوان {{max}}.",
  "webhooks.chooseAtLeastOneEvent": "اختر حدثًا واحدًا على الأقل.",
  "webhooks.descriptionCanBeAtMost": "يجب ألا يتجاوز عدد أحرف الوصف {{max}}.",
  "webhooks.descriptionOneLine": "يجب أن يكون الوصف سطرًا واحدًا.",
  // ——— WhatsApp and other messaging channels ———
  "channels.enterPhoneNumberId": "أدخل مُعرّف رقم الهاتف.",
  "channels.phoneNumberIdNumberOf": "مُعرّف رقم الهاتف رقم لا يزيد على 32 خانة.",
  "channels.phoneNumberIdNumberDigits": "مُعرّف رقم الهاتف أرقام فقط، كما يظهر في إعدادات تطبيقك لدى Meta.",
  "channels.enterWhatsappBusinessAccountId": "أدخل مُعرّف حساب واتساب للأعمال.",
  "channels.whatsappBusinessAccountIdNumber": "مُعرّف حساب واتساب للأعمال رقم لا يزيد على 32 خانة.",
  "channels.whatsappBusinessAccountIdNumberDigits":
    "مُعرّف حساب واتساب للأعمال أرقام فقط، كما يظهر في إعدادات تطبيقك لدى Meta.",
  "channels.enterAccessToken": "أدخل رمز الوصول.",
  "channels.accessTokenAtMost1024": "لا يزيد رمز الوصول على 1024 حرفًا.",
  "channels.accessTokenHasNoSpaces": "لا يحتوي رمز الوصول على مسافات أو أسطر جديدة: الصقه كما تعرضه Meta.",
  "channels.enterAppSecret": "أدخل المفتاح السري للتطبيق.",
  "channels.appSecretAtMost128": "لا يزيد المفتاح السري للتطبيق على 128 حرفًا.",
  "channels.appSecretHasNoSpaces":
    "لا يحتوي المفتاح السري للتطبيق على مسافات أو أسطر جديدة: الصقه كما تعرضه Meta.",
  "channels.templateNameHasLowerCase": "يتكون اسم القالب من أحرف لاتينية صغيرة وأرقام وشرطات سفلية.",
  "channels.languageCodeSuchAsEn": "أدخل رمز لغة مثل en أو en_US.",
  "channels.fillInEveryValue": "املأ كل القيم.",
  "channels.valueAtMostCharacters": "لا يزيد عدد أحرف القيمة على {{max}}.",
  "channels.valueOneLineWithoutTabs": "القيمة سطر واحد، بلا علامات جدولة أو مسافات متتالية.",
  "channels.planDoesNotIncludeWhatsapp":
    "لا تشمل الباقة «{{plan}}» واتساب. رقِّ باقتك إلى «الاحترافية» أو «الأعمال» لربط رقم.",
  "channels.channelNotFound": "لم يُعثر على القناة.",
  "channels.numberAlreadyConnectedToParley":
    "هذا الرقم مربوط بالفعل بروبوت محادثة في Parley تابع لمساحة عمل أخرى.",
  "channels.numberAlreadyConnectedToOne":
    "هذا الرقم مربوط بالفعل بأحد روبوتات المحادثة لديك. افصله من هناك أولًا.",
  "channels.numberWasJustConnectedTo": "رُبط هذا الرقم للتو بروبوت محادثة في Parley.",
  "channels.metaDidNotAcceptAccess":
    "لم تقبل Meta رمز الوصول (الخطأ {{code}}). تحقّق من أنه رمز دائم لمستخدم نظام يملك صلاحيتَي whatsapp_business_messaging وwhatsapp_business_management، وأنه لم تنتهِ صلاحيته.",
  "channels.metaDidNotAcceptAccessToken":
    'لم تقبل Meta رمز الوصول (الخطأ {{code}}). تحقّق من أنه رمز دائم لمستخدم نظام يملك صلاحيتَي whatsapp_business_messaging وwhatsapp_business_management، وأنه لم تنتهِ صلاحيته. ردّ Meta: "{{said}}"',
  "channels.metaCouldNotBeReached": "تعذّر الوصول إلى Meta للتحقق من الرقم الآن. حاول مرة أخرى بعد دقيقة.",
  "channels.metaCouldNotBeReachedTo":
    'تعذّر الوصول إلى Meta للتحقق من الرقم الآن. حاول مرة أخرى بعد دقيقة. ردّ Meta: "{{said}}"',
  "channels.metaDoesNotKnowPhone":
    "لا تعرف Meta مُعرّف رقم الهاتف هذا، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخ مُعرّف رقم الهاتف من WhatsApp ← API Setup في تطبيقك لدى Meta، لا رقم الهاتف نفسه.",
  "channels.metaDoesNotKnowPhoneNumber":
    'لا تعرف Meta مُعرّف رقم الهاتف هذا، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخ مُعرّف رقم الهاتف من WhatsApp ← API Setup في تطبيقك لدى Meta، لا رقم الهاتف نفسه. ردّ Meta: "{{said}}"',
  "channels.metaDoesNotKnowWhatsapp":
    'لا تعرف Meta مُعرّف حساب واتساب للأعمال {{id}}، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخه من WhatsApp ← API Setup في تطبيقك لدى Meta. ردّ Meta: "{{said}}"',
  "channels.tooManyAttemptsToConnect": "محاولات كثيرة لربط رقم. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "channels.templatesForWhatsappConversationsOnly": "القوالب مخصّصة لمحادثات واتساب فقط.",
  "channels.tooManyRequestsForTemplates": "طلبات كثيرة للقوالب. يُرجى الانتظار لحظة ثم المحاولة مرة أخرى.",
  "channels.thereNoApprovedTemplateIn":
    'لا يوجد قالب معتمد باسم "{{name}}" باللغة {{language}}. ربما أُوقف مؤقتًا أو حُذف لدى Meta.',
  "channels.templateTakes1ValueNot": "يأخذ هذا القالب قيمة واحدة، لا {{count}}.",
  "channels.templateTakesValuesNot": "عدد القيم التي يأخذها هذا القالب {{expected}}، لا {{count}}.",
  "channels.moreThan24HoursHave":
    "مرّت أكثر من 24 ساعة على آخر رسالة من العميل، لذا لا يسمح واتساب الآن إلا بقالب معتمد.",
  "channels.onlyCustomersConversationsCanBe": "لا تُحال إلى شخص إلا محادثات العملاء.",
  "channels.handlingConversationOnlyTheyOwner":
    "{{name}} يتولى هذه المحادثة. لا يعيدها إلى الروبوت أو يغلقها إلا هو أو المالك أو المشرف.",
  "channels.notSentWhatsappNumberWas": "لم تُرسل: فُصل رقم واتساب.",
  "channels.notSentWhatsappConnectionNeeds":
    "لم تُرسل: ربط واتساب يحتاج إلى انتباه. يمكن للمالك أو المشرف إعادة ربطه من إعدادات روبوت المحادثة.",
  "channels.notSentMoreThan24":
    "لم تُرسل: مرّت أكثر من 24 ساعة على آخر رسالة من العميل. أرسل قالبًا معتمدًا بدلًا منها.",
  "channels.notDeliveredMoreThan24":
    "لم تُسلَّم: مرّت أكثر من 24 ساعة على آخر رسالة من العميل. أرسل قالبًا معتمدًا بدلًا منها.",
  "channels.metaRefusedMessage": "رفضت Meta هذه الرسالة: {{said}}",
  "channels.notSentMetaRefusedNumbers":
    "لم تُرسل: رفضت Meta رمز الوصول الخاص بالرقم، لذا يحتاج ربط واتساب إلى انتباه. ردّ Meta: {{said}}",
  "channels.customerCantReceiveMessageThey":
    "لا يستطيع العميل استلام هذه الرسالة: ربما حظر النشاط التجاري، أو أن هذا الرقم ليس على واتساب. ردّ Meta: {{said}}",
  "channels.notSentMetaKeptRefusing":
    "لم تُرسل: استمرت Meta في الرفض أو تعذّر الوصول إليها بعد عدة محاولات ({{said}}).",
  // ——— Auth service: workspaces, accounts ———
  // The invitation link's public details (issue #25).
  "account.weCouldNotFindInvitation": "تعذّر علينا العثور على هذه الدعوة. تحقّق من الرابط في بريدك الإلكتروني.",
  "account.notInvitationId": "هذا ليس معرّف دعوة.",
  "account.planIncludes1SeatAnd":
    "تتضمن باقتك «{{plan}}» مقعدًا واحدًا، وهو مشغول بعضو أو بدعوة معلّقة. قم بترقية باقتك من صفحة الفوترة، أو ألغِ دعوة معلّقة، لدعوة شخص جديد.",
  "account.planIncludesSeatsAndEvery":
    "تتضمن باقتك «{{plan}}» {{count}} من المقاعد، وكلها مشغولة بأعضاء أو بدعوات معلّقة. قم بترقية باقتك من صفحة الفوترة، أو ألغِ دعوة معلّقة، لدعوة شخص جديد.",
  "account.weCouldNotCheckPlans": "تعذّر علينا التحقق من مقاعد باقتك الآن. يُرجى المحاولة بعد لحظات.",
  "account.enterValidEmailAddressLike": "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@company.com.",
  "account.chooseOneRoleOwnerAdmin": "اختر دورًا واحدًا: مالك أو مشرف أو موظف دعم.",
  "account.giveWorkspaceName": "أدخل اسمًا لمساحة العمل.",
  // Every name and title people see follows one rule (issue #35; @parley/contracts common/names.ts).
  "account.nameOrTitleOneLine":
    "الاسم أو العنوان سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "account.enterName": "يُرجى إدخال اسمك.",
  "account.nameCanBeAtMost": "لا يتجاوز عدد أحرف الاسم {{max}}.",
  "account.nameOneLineOfText":
    "الاسم سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "account.workspaceNameCanBeAt": "لا يتجاوز عدد أحرف اسم مساحة العمل {{max}}.",
  "account.workspaceNameOneLineOf":
    "اسم مساحة العمل سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "account.workspacesAddressCanBeAt":
    "لا يتجاوز عدد أحرف عنوان مساحة العمل {{max}}، وهي أحرف لاتينية صغيرة وأرقام وشرطات مفردة.",
  "account.workspaceHasNameOnlyHere":
    "يمكن هنا تعيين اسم مساحة العمل فقط: لا يمكن تعيين شعارها أو بياناتها الوصفية.",
  "account.ownerOfPersonalWorkspaceAlways": "يبقى مالك مساحة العمل الشخصية مالكًا لها دائمًا، وتُحذف مع حسابه.",
  "account.youOnlyOwnerOfWhich":
    "أنت المالك الوحيد لـ {{workspaces}}، وفيها أعضاء آخرون. اجعل عضوًا آخر مالكًا (أو أزل الأعضاء) قبل حذف حسابك.",
  "account.chooseLanguageEnOrAr": "اختر لغة: en أو ar.",
  "account.unknownPlatform": "المنصة غير معروفة.",
  "account.passwordTooShortUseAt": "كلمة المرور قصيرة جدًا: الحد الأدنى لعدد الأحرف {{min}}.",
  "account.passwordTooLongUseAt": "كلمة المرور طويلة جدًا: الحد الأقصى لعدد الأحرف {{max}}.",
  // ——— better-auth's own messages (as better-auth-messages.ts names them) ———
  "betterAuth.invalidEmailOrPassword": "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  "betterAuth.invalidPassword": "كلمة المرور غير صحيحة.",
  "betterAuth.emailNotVerified": "لم يتم التحقق من البريد الإلكتروني بعد.",
  "betterAuth.invalidEmail": "البريد الإلكتروني غير صالح.",
  "betterAuth.passwordTooShort": "كلمة المرور قصيرة جدًا.",
  "betterAuth.passwordTooLong": "كلمة المرور طويلة جدًا.",
  "betterAuth.userAlreadyExists": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "betterAuth.userAlreadyExistsSentence": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "betterAuth.userAlreadyExistsUseAnother": "يوجد حساب بهذا البريد الإلكتروني بالفعل. استخدم بريدًا آخر.",
  "betterAuth.invalidToken": "الرابط أو الرمز غير صالح.",
  "betterAuth.tokenExpired": "انتهت صلاحية الرابط أو الرمز.",
  "betterAuth.sessionExpiredReAuthenticateTo": "انتهت صلاحية الجلسة. سجّل الدخول مرة أخرى لإتمام هذا الإجراء.",
  "betterAuth.sessionExpired": "انتهت صلاحية الجلسة.",
  "betterAuth.providerNotFound": "لم يُعثر على مزوّد تسجيل الدخول.",
  "betterAuth.verificationEmailIsntEnabled": "إرسال رسائل التحقق غير مفعّل.",
  "betterAuth.emailAndPasswordNotEnabled": "تسجيل الدخول بالبريد الإلكتروني وكلمة المرور غير مفعّل.",
  "betterAuth.emailAndPasswordSignUp": "إنشاء الحساب بالبريد الإلكتروني وكلمة المرور غير مفعّل.",
  "betterAuth.resetPasswordIsntEnabled": "إعادة تعيين كلمة المرور غير مفعّلة.",
  "betterAuth.youCanOnlySendVerification": "يمكن إرسال رسالة التحقق إلى بريد إلكتروني لم يتم التحقق منه فقط.",
  "betterAuth.emailAlreadyVerified": "تم التحقق من البريد الإلكتروني بالفعل.",
  "betterAuth.youCanOnlySendVerificationEmail": "يمكنك إرسال رسالة التحقق إلى بريدك الإلكتروني فقط.",
  "betterAuth.emailMismatch": "البريد الإلكتروني غير مطابق.",
  "betterAuth.userAlreadyHasPassword": "لدى المستخدم كلمة مرور بالفعل.",
  "betterAuth.changeEmailDisabled": "تغيير البريد الإلكتروني غير مفعّل.",
  "betterAuth.accountNotFound": "لم يُعثر على الحساب.",
  "betterAuth.failedToGetValidAccess": "تعذّر الحصول على رمز دخول صالح.",
  "betterAuth.failedToRefreshAccessToken": "تعذّر تجديد رمز الدخول.",
  "betterAuth.invalidOrigin": "مصدر الطلب غير مسموح به.",
  "betterAuth.invalidCallbackurl": "عنوان الرجوع غير صالح.",
  "betterAuth.emailSame": "البريد الإلكتروني الجديد مطابق للحالي.",
  "betterAuth.couldntUpdateEmail": "تعذّر تحديث بريدك الإلكتروني.",
  "betterAuth.youCantUnlinkLastAccount": "لا يمكنك إلغاء ربط حسابك الأخير.",
  "betterAuth.unauthorized": "غير مصرّح لك. يُرجى تسجيل الدخول.",
  // ——— The operator's console (platform staff) ———
  "console.areaForParleysStaffOnly": "هذا القسم مخصّص لفريق Parley فقط.",
  "console.staffRoleCanLookNot": "يتيح لك دورك الاطلاع فقط دون التعديل: اطلب ذلك من أحد مسؤولي المنصة.",
  "console.signInAgainToContinue":
    "سجّل الدخول مرة أخرى للمتابعة: تتطلب التعديلات في لوحة التشغيل تسجيل دخول خلال آخر 10 دقائق.",
  "console.apiKeysCannotUseOperators": "لا يمكن استخدام مفاتيح API في لوحة التشغيل.",
  "console.workspaceNotFound": "لم يُعثر على مساحة العمل.",
  "console.paymentAlreadyDecidedThereNothing":
    "حُسمت هذه الدفعة بالفعل: لا حاجة إلى الاستعلام من بوابة الدفع.",
  "console.freePlanHasNoPrice": "الباقة المجانية ليس لها سعر يمكن تغييره.",
  "console.paidPlanNeedsPriceAbove": "يجب أن يكون سعر الباقة المدفوعة أكبر من صفر.",
  "console.freePlanCannotBeRetired": "لا يمكن إيقاف الباقة المجانية: فكل مساحة عمل تعود إليها.",
  "console.nothingToChange": "لا يوجد ما يُغيَّر.",
  "console.onlyCapturedPaymentCanBe": "لا يمكن استرداد إلا دفعة مُحصَّلة.",
  "console.gatewayTakesRefundsOnlyIn":
    "لا تقبل هذه البوابة الاسترداد إلا من لوحة التحكم الخاصة بها: أجرِ الاسترداد هناك.",
  "console.refundCannotBeMoreThan":
    "لا يمكن أن يتجاوز المبلغ المسترد ما تبقّى من الدفعة ({{amount}} {{currency}}).",
  "console.paymentWasAlreadyRefundedIn": "استُردّت هذه الدفعة بالكامل من قبل.",
  "console.paymentNotOneForCurrent": "هذه الدفعة ليست دفعة فترة الاشتراك الحالية: أبقِ الباقة كما هي.",
  "console.gatewayHasNoRefundApi": "لا توفّر البوابة واجهة للاسترداد.",
  "console.cardGatewayRefusedRefund": "رفضت بوابة البطاقات عملية الاسترداد.",
  "console.gatewayRefusedRefund": "رفضت البوابة عملية الاسترداد.",
  "console.onlyPaymentHeldForReview": "لا يمكن البتّ هنا إلا في دفعة موقوفة للمراجعة.",
  "console.declinedAfterReviewAmountPaid": "رُفضت بعد المراجعة: المبلغ المدفوع لا يطابق السعر.",
  "console.useAtMostDecimalPlaces": "استخدم {{digits}} منازل عشرية كحدٍّ أقصى لعملة {{currency}}.",
  "console.someoneChangedPlanSinceYou":
    "عدّل شخص آخر هذه الباقة منذ فتحتها (الإصدار {{version}}). أعد تحميلها ثم أجرِ تعديلك مرة أخرى.",
  "console.grantPaidPlanEveryWorkspace": "امنح باقة مدفوعة: فكل مساحة عمل لديها الباقة المجانية أصلًا.",
  "console.chooseEndDateInFuture": "اختر تاريخ انتهاء في المستقبل.",
  "console.grantAtMostThreeYears": "يمكن المنح لثلاث سنوات كحدٍّ أقصى في كل مرة.",
  "console.sayWhyInFewWords": "اذكر السبب في بضع كلمات.",
  "console.keepReasonUnder500Characters": "يجب ألا يتجاوز السبب 500 حرف.",
  "console.givePlanNameInBoth": "أدخل اسم الباقة باللغتين.",
  "console.typeAtLeast2Characters": "اكتب حرفين على الأقل للبحث.",
};

export default server;

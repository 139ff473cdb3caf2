/**
 * The API's and the auth service's English messages a person can see (error messages, field
 * messages from the shared zod contracts), in Arabic. Keys are the English text word for word;
 * `{{name}}` in a key matches any text and is carried into the translation. English needs no
 * table: the server's text is already English. See `server-messages.ts`.
 *
 * `server-messages.coverage.test.ts` collects every such message from the servers' source and fails
 * when one has no entry here: add the Arabic when you add or change a message.
 */
const server: Record<string, string> = {
  // ——— Sign-in, session and access (API) ———
  "Sign in to continue": "يُرجى تسجيل الدخول للمتابعة.",
  "Your session has expired": "انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.",
  "Invalid access token": "رمز الدخول غير صالح. يُرجى تسجيل الدخول مرة أخرى.",
  "The sign-in service could not be reached. Please try again.":
    "تعذّر الوصول إلى خدمة تسجيل الدخول. يُرجى المحاولة مرة أخرى.",
  "You are no longer a member of this workspace. Switch to another workspace to continue.":
    "لم تعد عضوًا في مساحة العمل هذه. انتقل إلى مساحة عمل أخرى للمتابعة.",
  "Only an owner of this workspace can see and change billing.":
    "يقتصر الاطلاع على الفوترة وتعديلها على مالكي مساحة العمل هذه.",
  "Your role in this workspace does not allow this.": "دورك في مساحة العمل هذه لا يسمح بهذا الإجراء.",
  "User not found": "لم يُعثر على المستخدم.",
  "You can only look up your own account": "يمكنك الاطلاع على حسابك فقط.",
  "We could not count the workspace's members just now. Please try again in a moment.":
    "تعذّر علينا احتساب أعضاء مساحة العمل الآن. يُرجى المحاولة بعد لحظات.",

  // ——— General ———
  "Something went wrong on our side": "حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.",
  "Invalid request": "الطلب غير صالح.",
  "is invalid": "غير صالح",
  "must not contain the NUL character (\\u0000)": "يجب ألا يحتوي على المحرف الفارغ (NUL).",
  "The request body is not valid UTF-8 text. Send it encoded as UTF-8.":
    "محتوى الطلب ليس نصًا صالحًا بترميز UTF-8. أرسله بترميز UTF-8.",
  "Invalid page cursor": "تعذّر تحميل الصفحة التالية. يُرجى إعادة تحميل القائمة.",
  "Currency must be an ISO 4217 code": "يجب أن تكون العملة رمزًا من ثلاثة أحرف وفق معيار ISO 4217.",
  "Use a date like 2026-11-21": "أدخل التاريخ بالصيغة 2026-11-21.",
  "Use a date that exists, like 2026-11-21": "أدخل تاريخًا صحيحًا، مثل 2026-11-21.",

  // zod's own English for fields whose contract names no message.
  "Too big: expected string to have <={{max}} characters": "يجب ألا يتجاوز عدد أحرف النص {{max}}.",
  "Too small: expected string to have >={{min}} characters": "يجب ألا يقل عدد أحرف النص عن {{min}}.",
  "Too big: expected array to have <={{max}} items": "يجب ألا يتجاوز عدد العناصر {{max}}.",
  "Too small: expected array to have >={{min}} items": "يجب ألا يقل عدد العناصر عن {{min}}.",
  "Too big: expected number to be <={{max}}": "يجب ألا تتجاوز القيمة {{max}}.",
  "Too small: expected number to be >={{min}}": "يجب ألا تقل القيمة عن {{min}}.",
  "Invalid option: expected one of {{options}}": "اختر إحدى القيم التالية: {{options}}",
  "Invalid email address": "البريد الإلكتروني غير صالح.",
  "Invalid URL": "الرابط غير صالح.",
  "Invalid input": "القيمة المُدخلة غير صالحة.",

  // ——— Chatbots ———
  "Chatbot not found": "لم يُعثر على روبوت المحادثة.",
  "Give your chatbot a name": "أدخل اسمًا لروبوت المحادثة.",
  "Keep the name under 80 characters": "يجب ألا يتجاوز الاسم 80 حرفًا.",
  "Remove the invisible text-direction override characters (U+202A to U+202E)":
    "احذف محارف تجاوز اتجاه النص غير المرئية (من U+202A إلى U+202E).",
  "Keep the greeting under 500 characters": "يجب ألا تتجاوز رسالة الترحيب 500 حرف.",
  "Keep the greeting bubble under 140 characters": "يجب ألا تتجاوز فقاعة الترحيب 140 حرفًا.",
  "Remove control characters from the greeting bubble": "احذف محارف التحكم من فقاعة الترحيب.",
  "Write the greeting, or turn the bubble off": "اكتب نص الترحيب، أو أوقف فقاعة الترحيب.",
  "Enter a number of seconds": "أدخل عدد الثواني.",
  "Use a whole number of seconds": "أدخل عددًا صحيحًا من الثواني.",
  "At least 0 seconds": "يجب ألا تقل المدة عن 0 ثانية.",
  "At most 300 seconds (5 minutes)": "يجب ألا تزيد المدة على 300 ثانية (5 دقائق).",
  "Up to 6 suggested questions": "يمكنك إضافة 6 أسئلة مقترحة كحد أقصى.",
  "The fallback reply cannot be empty": "لا يمكن ترك الرد البديل فارغًا.",
  "Keep instructions under 8,000 characters": "يجب ألا تتجاوز التعليمات 8,000 حرف.",
  "Choose at least one language": "اختر لغة واحدة على الأقل.",
  "Keep conversations for at least 1 day": "احتفظ بالمحادثات يومًا واحدًا على الأقل.",
  "Use a colour like #4f46e5": "أدخل لونًا بالصيغة ‎#4f46e5.",
  "Enter a domain such as example.com or *.example.com": "أدخل نطاقًا مثل example.com أو ‎*.example.com.",
  "The supported languages must include the default language":
    "يجب أن تشمل اللغات المدعومة اللغة الافتراضية.",
  "The default language's texts are the top-level fields (greeting, fallbackReply…), not translations":
    "نصوص اللغة الافتراضية هي الحقول الرئيسية (الترحيب، الرد البديل…)، لا الترجمات.",
  "Use the top-level fields for the default language": "استخدم الحقول الرئيسية للغة الافتراضية.",
  "Messages are limited to {{max}} characters": "يجب ألا يتجاوز عدد أحرف الرسالة {{max}}.",
  "Type a message": "اكتب رسالة.",
  // Live chat settings (a bot's handoff texts and office hours).
  "Write what the bot says when it hands over": "اكتب ما يقوله الروبوت عند تحويل المحادثة إلى الفريق.",
  "Write what the bot says outside office hours": "اكتب ما يقوله الروبوت خارج ساعات العمل.",
  "Keep it under 500 characters": "يجب ألا يتجاوز النص 500 حرف.",
  "Use a time like 09:00": "أدخل وقتًا بالصيغة ‎09:00.",
  "Closing time must be after opening time": "يجب أن يكون وقت الإغلاق بعد وقت الفتح.",
  "Choose a time zone from the list": "اختر منطقة زمنية من القائمة.",

  // ——— AI model (playground and answers) ———
  "This chatbot is set to use an AI model, but no model endpoint is configured. Set one in the bot's model settings or LLM_BASE_URL and LLM_MODEL.":
    "روبوت المحادثة هذا مضبوط لاستخدام نموذج ذكاء اصطناعي، لكن لم يُحدَّد عنوان للنموذج. حدّده في إعدادات النموذج الخاصة بالروبوت، أو في LLM_BASE_URL وLLM_MODEL.",
  "The model API key stored for chatbot {{id}} cannot be decrypted: it was changed outside Parley, or MODEL_KEYS_SECRET is not the one it was saved with. Set the key again in the bot's model settings.":
    "تعذّر فك تشفير مفتاح واجهة برمجة النموذج المحفوظ لروبوت المحادثة {{id}}: إما أنه تغيّر خارج Parley، أو أن MODEL_KEYS_SECRET ليس المفتاح الذي حُفظ به. أدخل المفتاح مرة أخرى في إعدادات النموذج الخاصة بالروبوت.",
  "The AI model stopped streaming for {{ms}} ms":
    "توقّف نموذج الذكاء الاصطناعي عن الإرسال لمدة {{ms}} ملّي ثانية.",
  "The AI model did not answer within {{ms}} ms": "لم يستجب نموذج الذكاء الاصطناعي خلال {{ms}} ملّي ثانية.",
  "The AI model did not start answering within {{ms}} ms":
    "لم يبدأ نموذج الذكاء الاصطناعي الإجابة خلال {{ms}} ملّي ثانية.",
  "The AI model's address is on a private or local network, which this server does not allow.":
    "عنوان نموذج الذكاء الاصطناعي على شبكة خاصة أو محلية، وهذا ما لا يسمح به الخادم.",
  "The AI model could not be reached ({{detail}})": "تعذّر الوصول إلى نموذج الذكاء الاصطناعي ({{detail}}).",
  "The AI model answered {{status}}: {{detail}}": "ردّ نموذج الذكاء الاصطناعي بالرمز {{status}}: {{detail}}",
  "The AI model answered {{status}}": "ردّ نموذج الذكاء الاصطناعي بالرمز {{status}}.",
  "The AI model failed: {{detail}}": "أخفق نموذج الذكاء الاصطناعي: {{detail}}",
  "The AI model stream broke off ({{detail}})": "انقطع الإرسال من نموذج الذكاء الاصطناعي ({{detail}}).",
  "The AI model returned an empty answer": "أعاد نموذج الذكاء الاصطناعي إجابة فارغة.",
  "Something went wrong while answering.": "حدث خطأ أثناء الإجابة.",

  // ——— Knowledge sources ———
  "Knowledge source not found": "لم يُعثر على مصدر المعرفة.",
  "Invalid source": "المصدر غير صالح.",
  "Attach a file in the `file` field.": "أرفق ملفًا في الحقل `file`.",
  "The file is empty.": "الملف فارغ.",
  "This source is already being processed.": "تجري معالجة هذا المصدر بالفعل.",
  "Files are limited to {{mb}} MB on your plan. Upgrade for larger files.":
    "الحد الأقصى لحجم الملف في باقتك {{mb}} ميغابايت. قم بالترقية لرفع ملفات أكبر.",
  "Give the text a title": "أدخل عنوانًا للنص.",
  "Keep the title under {{max}} characters": "يجب ألا يتجاوز عدد أحرف العنوان {{max}}.",
  "The text is empty": "النص فارغ.",
  "Text sources are limited to 500,000 characters": "يجب ألا يتجاوز المصدر النصي 500,000 حرف.",
  "Write the question": "اكتب السؤال.",
  "Write the answer": "اكتب الإجابة.",
  "Enter a full address such as https://example.com": "أدخل عنوانًا كاملًا مثل https://example.com",
  "Only http and https sites can be crawled":
    "لا يمكن الزحف إلا إلى المواقع التي تبدأ عناوينها بـ http أو https.",
  "This document has more than {{count}} characters of text, the most one source can hold on the {{plan}} plan. Split it into smaller files or upgrade your plan.":
    "عدد أحرف نص هذا المستند أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». قسّمه إلى ملفات أصغر أو قم بترقية باقتك.",
  "This document gives more than {{count}} passages, the most one source can hold on the {{plan}} plan. Split it into smaller files or upgrade your plan.":
    "عدد المقاطع الناتجة عن هذا المستند أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». قسّمه إلى ملفات أصغر أو قم بترقية باقتك.",
  "This site gives more than {{count}} passages, the most one source can hold on the {{plan}} plan. Lower the page limit or upgrade your plan.":
    "عدد المقاطع الناتجة عن هذا الموقع أكبر من {{count}}، وهو الحد الأقصى لمصدر واحد في الباقة «{{plan}}». خفّض حد الصفحات أو قم بترقية باقتك.",
  "This ZIP file is not a Word document. Upload a PDF, Word (.docx), Markdown or text file.":
    "ملف ZIP هذا ليس مستند Word. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "This file type isn't supported. Upload a PDF, Word (.docx), Markdown or text file.":
    "نوع الملف هذا غير مدعوم. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "This file isn't UTF-8 text. Upload a PDF, Word (.docx), Markdown or text file.":
    "هذا الملف ليس نصًا بترميز UTF-8. ارفع ملف PDF أو Word (.docx) أو Markdown أو ملفًا نصيًا.",
  "No text found in this PDF. Scanned documents need text recognition, which isn't supported yet.":
    "لم يُعثر على نص في ملف PDF هذا. تحتاج المستندات الممسوحة ضوئيًا إلى التعرّف على النص، وهو غير مدعوم بعد.",
  "This document is empty.": "هذا المستند فارغ.",
  "This PDF is password-protected. Remove the password and upload it again.":
    "ملف PDF هذا محمي بكلمة مرور. أزل كلمة المرور ثم ارفعه مرة أخرى.",
  "This PDF could not be read. It may be damaged; try exporting it again.":
    "تعذّرت قراءة ملف PDF هذا. قد يكون تالفًا؛ جرّب تصديره مرة أخرى.",
  "This Word document could not be read. It may be damaged; try saving it again as .docx.":
    "تعذّرت قراءة مستند Word هذا. قد يكون تالفًا؛ جرّب حفظه مرة أخرى بصيغة ‎.docx.",
  "This Word document unpacks to more than a source may hold (it may be a zip bomb). Split it into smaller documents.":
    "يتجاوز مستند Word هذا بعد فك ضغطه ما يتسع له مصدر واحد (قد يكون ملفًا مضغوطًا خبيثًا). قسّمه إلى مستندات أصغر.",
  "The uploaded file is missing; upload it again.": "الملف المرفوع غير موجود؛ يُرجى رفعه مرة أخرى.",
  "The pages were reached but held no readable text.":
    "تم الوصول إلى الصفحات، لكنها لا تحتوي على نص يمكن قراءته.",
  "This source holds no text to learn from.": "لا يحتوي هذا المصدر على نص يمكن التعلّم منه.",
  "Something went wrong while reading this source. Try re-syncing it.":
    "حدث خطأ أثناء قراءة هذا المصدر. جرّب إعادة مزامنته.",
  "Reading this source failed on every attempt (the reader stopped), so it was given up. It may be malformed or too large: split it, or try re-syncing.":
    "أخفقت قراءة هذا المصدر في كل المحاولات (توقّف القارئ)، لذا توقفنا عن المحاولة. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه، أو جرّب إعادة المزامنة.",
  "The page is nested too deeply to read.": "بنية هذه الصفحة متداخلة بعمق يتعذّر معه قراءتها.",
  "The page could not be read.": "تعذّرت قراءة الصفحة.",
  "This file needs more memory to read than one source may use. It may be malformed, or too large and complex: split it into smaller files.":
    "تحتاج قراءة هذا الملف إلى ذاكرة أكبر مما يُسمح به لمصدر واحد. قد يكون تالف البنية، أو كبيرًا ومعقّدًا: قسّمه إلى ملفات أصغر.",
  "This file could not be read: the reader stopped unexpectedly. It may be damaged or malformed.":
    "تعذّرت قراءة هذا الملف: توقّف القارئ على نحو غير متوقع. قد يكون الملف تالفًا أو تالف البنية.",
  "Reading this file took longer than 1 second, so it was stopped. It may be malformed, or too large: split it into smaller files.":
    "استغرقت قراءة هذا الملف أكثر من ثانية واحدة، لذا أُوقفت. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه إلى ملفات أصغر.",
  "Reading this file took longer than {{seconds}} seconds, so it was stopped. It may be malformed, or too large: split it into smaller files.":
    "استغرقت قراءة هذا الملف أكثر من {{seconds}} ثانية، لذا أُوقفت. قد يكون تالف البنية أو كبيرًا جدًا: قسّمه إلى ملفات أصغر.",
  "Semantic search is off for this source: {{reason}}. It is still searched by its words; re-sync it to try again.":
    "البحث الدلالي متوقف لهذا المصدر: {{reason}}. وما زال يُبحث فيه بكلماته؛ أعد مزامنته للمحاولة مجددًا.",

  // ——— Website crawling ———
  "This address is not a web page we can crawl.": "هذا العنوان ليس صفحة ويب يمكننا الزحف إليها.",
  "This address is on a private or local network, which can't be crawled.":
    "هذا العنوان على شبكة خاصة أو محلية، ولا يمكن الزحف إليه.",
  "This address is on a private or local network, which can't be reached.":
    "هذا العنوان على شبكة خاصة أو محلية، ولا يمكن الوصول إليه.",
  "Only http and https addresses can be reached.": "يمكن الوصول إلى العناوين التي تبدأ بـ http أو https فقط.",
  "Addresses with a user name or password are not allowed.":
    "لا يُسمح بالعناوين التي تتضمن اسم مستخدم أو كلمة مرور.",
  "Too many redirects.": "عمليات إعادة توجيه كثيرة جدًا.",
  "The response is larger than {{kb}} KB.": "حجم الاستجابة أكبر من {{kb}} كيلوبايت.",
  "The site's robots.txt does not allow crawling {{url}}.":
    "لا يسمح ملف robots.txt في الموقع بالزحف إلى {{url}}.",
  "It leads to a private or local address.": "تؤدي إلى عنوان خاص أو محلي.",
  "The page is larger than 3 MB; reading stopped there.":
    "حجم الصفحة أكبر من 3 ميغابايت؛ توقفت القراءة عند هذا الحد.",
  "{{url}} is larger than 3 MB.": "حجم {{url}} أكبر من 3 ميغابايت.",
  "The page did not load within 1 second.": "لم تُحمَّل الصفحة خلال ثانية واحدة.",
  "The page did not load within {{seconds}} seconds.": "لم تُحمَّل الصفحة خلال {{seconds}} ثانية.",
  "{{url}} did not load within 1 second.": "لم يُحمَّل {{url}} خلال ثانية واحدة.",
  "{{url}} did not load within {{seconds}} seconds.": "لم يُحمَّل {{url}} خلال {{seconds}} ثانية.",
  "We couldn't reach it ({{detail}}).": "تعذّر علينا الوصول إليها ({{detail}}).",
  "We couldn't reach {{url}} ({{detail}}).": "تعذّر علينا الوصول إلى {{url}} ({{detail}}).",
  "It redirects to another site ({{site}}).": "تعيد التوجيه إلى موقع آخر ({{site}}).",
  "{{url}} redirects to another site ({{site}}).": "يعيد {{url}} التوجيه إلى موقع آخر ({{site}}).",
  "It redirects too often, or nowhere.": "تعيد التوجيه مرات كثيرة جدًا، أو إلى لا مكان.",
  "{{url}} redirects too often.": "يعيد {{url}} التوجيه مرات كثيرة جدًا.",
  "The page answered {{status}}.": "ردّت الصفحة بالرمز {{status}}.",
  "{{url}} answered {{status}}.": "ردّ {{url}} بالرمز {{status}}.",
  "It is not a web page ({{kind}}).": "ليست صفحة ويب ({{kind}}).",
  "{{url}} is not a web page ({{kind}}).": "{{url}} ليس صفحة ويب ({{kind}}).",
  "No readable pages were found at {{url}}.": "لم يُعثر على صفحات يمكن قراءتها في {{url}}.",
  "The page asks not to be indexed (noindex).": "تطلب الصفحة عدم فهرستها (noindex).",
  "It is the same page as {{url}}.": "إنها الصفحة نفسها الموجودة في {{url}}.",
  "{{url}} could not be read as a sitemap.": "تعذّرت قراءة {{url}} بوصفه خريطة موقع.",
  "It is not a sitemap.": "ليست خريطة موقع.",
  "The sitemap answered {{status}}.": "ردّت خريطة الموقع بالرمز {{status}}.",
  "The sitemap expands to more than {{mb}} MB; it was not read.":
    "يتجاوز حجم خريطة الموقع بعد فك ضغطها {{mb}} ميغابايت؛ لم تُقرأ.",
  "The sitemap is not valid gzip.": "خريطة الموقع ليست ملف gzip صالحًا.",
  "The sitemap is larger than {{mb}} MB; it was not read.":
    "حجم خريطة الموقع أكبر من {{mb}} ميغابايت؛ لم تُقرأ.",
  "We couldn't read the sitemap.": "تعذّرت علينا قراءة خريطة الموقع.",
  "It redirects too often.": "تعيد التوجيه مرات كثيرة جدًا.",
  "The sitemap is on another site; it was not read.": "خريطة الموقع على موقع آخر؛ لم تُقرأ.",
  "The sitemap is listed again (a loop); it was read once.":
    "خريطة الموقع مُدرجة مرة أخرى (حلقة)؛ قُرئت مرة واحدة.",
  "Sitemap indexes nest more than {{depth}} deep; this one was not read.":
    "تتداخل فهارس خرائط الموقع لأكثر من {{depth}} مستويات؛ لم تُقرأ هذه.",
  "More than {{count}} sitemaps; this one was not read.": "أكثر من {{count}} خريطة موقع؛ لم تُقرأ هذه.",
  "The sitemaps list more than {{count}} addresses; only the first {{count}} were read.":
    "تُدرج خرائط الموقع أكثر من {{count}} عنوان؛ قُرئت أول {{count}} فقط.",
  "The sitemap lists 1 address on another site; it was left out.":
    "تُدرج خريطة الموقع عنوانًا واحدًا على موقع آخر؛ استُبعد.",
  "The sitemap lists {{count}} addresses on another site; they were left out.":
    "تُدرج خريطة الموقع {{count}} من العناوين على موقع آخر؛ استُبعدت.",
  "Scheduled re-syncs are part of the paid plans. Upgrade your plan, or re-sync this source by hand.":
    "إعادة المزامنة المجدولة جزء من الباقات المدفوعة. قم بترقية باقتك، أو أعد مزامنة هذا المصدر يدويًا.",
  "Only website sources have path rules and a re-sync schedule.":
    "قواعد المسارات وجدول إعادة المزامنة متاحة لمصادر المواقع فقط.",
  "Write a path such as /help/": "اكتب مسارًا مثل ‎/help/‎",
  "Keep each path pattern under 200 characters": "اجعل كل نمط مسار أقل من 200 حرف.",
  "A path pattern starts with /, such as /help/": "يبدأ نمط المسار بالرمز /، مثل ‎/help/‎",
  "At most {{count}} path patterns": "{{count}} نمط مسار على الأكثر.",

  // ——— Plans and limits ———
  "Your {{plan}} plan includes 1 chatbot. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» روبوت محادثة واحدًا. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes {{count}} chatbots. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» {{count}} من روبوتات المحادثة. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes 1 message a month. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» رسالة واحدة شهريًا. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes {{count}} messages a month. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» {{count}} من الرسائل شهريًا. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes 1 knowledge source. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» مصدر معرفة واحدًا. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes {{count}} knowledge sources. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» {{count}} من مصادر المعرفة. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes 1 team member. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» عضوًا واحدًا في الفريق. قم بترقية باقتك لإضافة المزيد.",
  "Your {{plan}} plan includes {{count}} team members. Upgrade your plan to add more.":
    "تتضمن باقتك «{{plan}}» {{count}} من أعضاء الفريق. قم بترقية باقتك لإضافة المزيد.",

  // ——— Subscriptions ———
  "Plan not found": "لم يُعثر على الباقة.",
  "You can only view your own subscription": "يمكنك الاطلاع على اشتراكك فقط.",
  "You can only change your own subscription": "يمكنك تغيير اشتراكك فقط.",
  "The selected plan is not available": "الباقة المختارة غير متاحة.",
  "The billing interval does not match the selected plan": "دورة الفوترة لا تطابق الباقة المختارة.",
  "You are on the Free plan: there is nothing to downgrade":
    "أنت على الباقة المجانية: لا توجد باقة أدنى للانتقال إليها.",
  "This payment reference does not belong to your current subscription":
    "مرجع الدفع هذا لا يخص اشتراكك الحالي.",
  "Only a plan below {{plan}} can be scheduled as a downgrade":
    "لا يمكن جدولة الانتقال إلا إلى باقة أدنى من الباقة «{{plan}}».",
  "Downgrade scheduled: your plan will change to {{plan}} on {{date}}":
    "تمت جدولة الانتقال إلى باقة أدنى: ستنتقل إلى الباقة «{{plan}}» في {{date}}.",
  "There is no scheduled downgrade to cancel": "لا يوجد انتقال مجدول إلى باقة أدنى لإلغائه.",
  "Your scheduled downgrade was cancelled; your plan stays as it is":
    "أُلغي الانتقال المجدول إلى باقة أدنى؛ تبقى باقتك كما هي.",
  "Missing required downgrade information": "بعض المعلومات المطلوبة للانتقال إلى باقة أدنى غير موجودة.",

  // ——— Payments ———
  "Payment not found": "لم يُعثر على الدفعة.",
  "You can only record your own payments": "يمكنك تسجيل دفعاتك فقط.",
  "The payment details do not match the payment that was started":
    "بيانات الدفع لا تطابق الدفعة التي بدأتها.",
  "This payment can no longer be completed": "لم يعد بالإمكان إتمام هذه الدفعة.",
  "The amount does not match the price of the selected plan": "المبلغ لا يطابق سعر الباقة المختارة.",
  "The amount does not match the price of any plan": "المبلغ لا يطابق سعر أي باقة.",
  "User or plan not found": "لم يُعثر على المستخدم أو الباقة.",
  "The plan name does not match the selected plan": "اسم الباقة لا يطابق الباقة المختارة.",
  "The Free plan needs no payment": "الباقة المجانية لا تتطلب أي دفع.",
  "Several plans cost this amount: send planId to choose one":
    "هذا المبلغ سعرٌ لأكثر من باقة: أرسل planId لتحديد إحداها.",
  "Captured amount differs from the price": "المبلغ المحصّل يختلف عن السعر.",
  "Payment was cancelled": "أُلغيت الدفعة.",
  "Payment was declined": "رُفضت الدفعة.",
  "The payment was not completed in time": "لم تكتمل الدفعة في الوقت المحدد.",
  "The payment gateway could not start the payment": "تعذّر على بوابة الدفع بدء الدفعة.",
  "Declined by the card issuer (sandbox)": "رفضها مُصدر البطاقة (بيئة الاختبار).",
  "Cancelled at the payment page": "أُلغيت من صفحة الدفع.",
  "This payment link is not valid": "رابط الدفع هذا غير صالح.",
  "Choose Approve, Decline or Cancel": "اختر «موافقة» أو «رفض» أو «إلغاء».",
  "BENEFIT could not be reached ({{detail}})": "تعذّر الوصول إلى BENEFIT ({{detail}}).",
  "BENEFIT answered {{status}}": "ردّت BENEFIT بالرمز {{status}}.",
  "BENEFIT accepts BHD only, not {{currency}}": "تقبل BENEFIT الدفع بعملة BHD فقط، وليس {{currency}}.",
  "BENEFIT refused to start the payment": "رفضت BENEFIT بدء الدفعة.",
  "BENEFIT inquiry failed": "أخفق الاستعلام عن الدفعة لدى BENEFIT.",
  "The card gateway could not be reached ({{detail}})": "تعذّر الوصول إلى بوابة البطاقات ({{detail}}).",
  "The card gateway answered {{status}}": "ردّت بوابة البطاقات بالرمز {{status}}.",
  "The card gateway refused to start the payment": "رفضت بوابة البطاقات بدء الدفعة.",
  "The payment gateway could not be reached ({{detail}})": "تعذّر الوصول إلى بوابة الدفع ({{detail}}).",
  "The payment gateway answered {{status}}": "ردّت بوابة الدفع بالرمز {{status}}.",
  "The payment gateway sent no payment page": "لم ترسل بوابة الدفع صفحة للدفع.",

  // ——— Inbox and analytics ———
  "Conversation not found": "لم يُعثر على المحادثة.",
  "Message not found": "لم يُعثر على الرسالة.",
  "The end date must not be before the start date": "يجب ألا يسبق تاريخ النهاية تاريخ البداية.",
  "Choose a range of at most a year": "اختر فترة لا تتجاوز سنة واحدة.",

  // ——— Live chat (a person takes over from the bot) ———
  "{{name}} is already handling this conversation.": "{{name}} يتولى هذه المحادثة بالفعل.",
  "Another member is already handling this conversation.": "عضو آخر يتولى هذه المحادثة بالفعل.",
  "This conversation is closed. It reopens when the visitor writes again.":
    "هذه المحادثة مغلقة. تُفتح من جديد عندما يكتب الزائر مرة أخرى.",
  "Only website conversations can be handed to a person.": "يمكن تحويل محادثات الموقع فقط إلى شخص من الفريق.",
  "This chat does not offer a person to talk to.": "لا توفّر هذه المحادثة التحدث إلى شخص من الفريق.",
  "Too many typing signals. Please wait a moment.": "إشارات كتابة كثيرة جدًا. يُرجى الانتظار قليلًا.",
  "Too many open dashboard tabs. Close one and try again.":
    "علامات تبويب كثيرة جدًا مفتوحة على لوحة التحكم. أغلق إحداها ثم حاول مرة أخرى.",
  "Too many open chat windows. Close one and try again.":
    "نوافذ محادثة كثيرة جدًا مفتوحة. أغلق إحداها ثم حاول مرة أخرى.",
  "Too many open chat windows from your network. Please try again later.":
    "نوافذ محادثة كثيرة جدًا مفتوحة من شبكتك. يُرجى المحاولة لاحقًا.",
  "You have asked for a person several times. Please wait for the team to reply.":
    "طلبت التحدث إلى شخص عدة مرات. يُرجى انتظار رد الفريق.",
  "Too many reconnections. Please wait a moment.": "محاولات إعادة اتصال كثيرة جدًا. يُرجى الانتظار قليلًا.",
  "Wait at least 15 seconds before offering the contact form":
    "انتظر 15 ثانية على الأقل قبل عرض نموذج التواصل.",
  "Wait at most an hour (3600 seconds) before offering the contact form":
    "انتظر ساعة على الأكثر (3600 ثانية) قبل عرض نموذج التواصل.",

  // ——— Contact and support ———
  "Thanks, {{name}}. We have your message and will reply to {{email}} within one business day.":
    "شكرًا لك يا {{name}}. وصلتنا رسالتك، وسنرد عليك على {{email}} خلال يوم عمل واحد.",
  "Too many messages from your network. Please try again later.":
    "رسائل كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "Too many messages. Please try again later.": "رسائل كثيرة جدًا. يُرجى المحاولة لاحقًا.",
  "Please enter your name": "يُرجى إدخال اسمك.",
  "Name is too long": "الاسم طويل جدًا.",
  "Please enter a valid email address": "يُرجى إدخال بريد إلكتروني صحيح.",
  "Company name is too long": "اسم الشركة طويل جدًا.",
  "Please write at least 10 characters": "يُرجى كتابة 10 أحرف على الأقل.",
  "Please keep your message under 5,000 characters": "يُرجى ألا تتجاوز رسالتك 5,000 حرف.",

  // ——— Chat widget ———
  "This chat is not available": "هذه المحادثة غير متاحة.",
  "This chat is not enabled on this website": "المحادثة غير مفعّلة على هذا الموقع.",
  "This chat is not enabled on {{origin}}. Add {{domain}} to the allowed domains of chatbot {{id}} in the Parley dashboard (Embed tab).":
    "المحادثة غير مفعّلة على {{origin}}. أضف {{domain}} إلى النطاقات المسموح بها لروبوت المحادثة {{id}} في لوحة تحكم Parley (تبويب «التضمين»).",
  "Chatbot {{id}} is not published. Publish it in the Parley dashboard to show the chat.":
    "روبوت المحادثة {{id}} غير منشور. انشره من لوحة تحكم Parley لعرض المحادثة.",
  "There is no chatbot {{id}}: it was deleted, or the data-chatbot-id is wrong.":
    "لا يوجد روبوت محادثة بالمعرّف {{id}}: إما أنه حُذف، أو أن قيمة data-chatbot-id غير صحيحة.",
  "This conversation has reached its length limit. Please start a new conversation.":
    "بلغت هذه المحادثة حدها الأقصى من الطول. يُرجى بدء محادثة جديدة.",
  "This chat does not collect contact details": "لا تجمع هذه المحادثة بيانات التواصل.",
  "Too many requests from your network. Please try again in a minute.":
    "طلبات كثيرة جدًا من شبكتك. يُرجى المحاولة بعد دقيقة.",
  "Too many requests from your network. Please wait a moment and try again.":
    "طلبات كثيرة جدًا من شبكتك. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "Too many requests from your network. Please try again later.":
    "طلبات كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "Too many connection tests. Please wait a minute and try again.":
    "اختبارات اتصال كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "Too many new conversations from your network. Please try again later.":
    "محادثات جديدة كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.",
  "You're sending messages too quickly. Please wait a moment and try again.":
    "أنت ترسل الرسائل بسرعة كبيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "You're sending feedback too quickly. Please wait a moment and try again.":
    "أنت ترسل التقييمات بسرعة كبيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  "Sorry, something went wrong while answering. Please try again.":
    "عذرًا، حدث خطأ أثناء الإجابة. يُرجى المحاولة مرة أخرى.",

  // ——— API keys and the public API (/api/v1) ———
  "Send your API key as `Authorization: Bearer <key>`":
    "أرسل مفتاح API في الترويسة `Authorization: Bearer <key>`.",
  "Too many requests with this API key. Please slow down and try again in a minute.":
    "طلبات كثيرة جدًا بمفتاح API هذا. يُرجى الإبطاء والمحاولة بعد دقيقة.",
  "This API key does not have the `{{scope}}` scope.": "لا يملك مفتاح API هذا صلاحية `{{scope}}`.",
  "API key not found": "لم يُعثر على مفتاح API.",
  "Invalid API key": "مفتاح API غير صالح.",
  "This API key has been revoked": "أُلغي مفتاح API هذا.",
  "This API key has expired": "انتهت صلاحية مفتاح API هذا.",
  "Your {{plan}} plan does not include API access. Upgrade to Pro or Business to use API keys.":
    "لا تشمل الباقة «{{plan}}» الوصول إلى واجهة API. رقِّ باقتك إلى Pro أو Business لاستخدام مفاتيح API.",
  "The expiry must be in the future": "يجب أن يكون تاريخ الانتهاء في المستقبل.",
  "A workspace can hold {{max}} API keys. Revoke one you no longer use first.":
    "الحد الأقصى لمفاتيح API في مساحة العمل: {{max}}. ألغِ أولًا مفتاحًا لم تعد تستخدمه.",
  "Send the document as multipart/form-data, in the `file` field.":
    "أرسل المستند بصيغة multipart/form-data في الحقل `file`.",
  "This workspace has used its plan's messages for this month.":
    "استهلكت مساحة العمل هذه رسائل خطتها لهذا الشهر.",
  "This workspace has used its plan's messages for this month. Upgrade the plan to answer more.":
    "استهلكت مساحة العمل هذه رسائل باقتها لهذا الشهر. رقِّ الباقة للرد على المزيد.",
  "Something went wrong while answering. Please try again.": "حدث خطأ أثناء الرد. يُرجى المحاولة مرة أخرى.",
  "The bot's AI model could not answer. Please try again.":
    "تعذّر على نموذج الذكاء الاصطناعي للروبوت الرد. يُرجى المحاولة مرة أخرى.",
  "Give the key a name": "أعطِ المفتاح اسمًا.",
  "Keep the name under {{max}} characters": "يجب ألا يتجاوز الاسم {{max}} حرفًا.",
  "Choose at least one scope": "اختر صلاحية واحدة على الأقل.",
  "Enter a date and time": "أدخل تاريخًا ووقتًا.",

  // ——— Webhooks ———
  "Webhook endpoint not found": "لم يُعثر على عنوان الويب هوك.",
  "Delivery not found": "لم يُعثر على عملية التسليم.",
  "Your {{plan}} plan does not include webhooks. Upgrade to Pro or Business to use them.":
    "لا تتضمن الباقة «{{plan}}» الويب هوك. رقِّ باقتك إلى Pro أو Business لاستخدامها.",
  "A workspace can have at most {{count}} webhook endpoints.":
    "الحد الأقصى لعناوين الويب هوك في مساحة العمل: {{count}}.",
  "This endpoint is turned off. Turn it on to send events to it.":
    "هذا العنوان متوقف. شغّله لإرسال الأحداث إليه.",
  "The endpoint is turned off.": "العنوان متوقف.",
  "Too many test events and redeliveries. Please wait a minute and try again.":
    "أرسلت عددًا كبيرًا من الأحداث التجريبية وعمليات إعادة الإرسال. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "The receiver answered {{status}}.": "أجابت جهة الاستقبال بالرمز {{status}}.",
  "The receiver answered with a redirect ({{status}}); webhooks do not follow redirects.":
    "أجابت جهة الاستقبال بإعادة توجيه ({{status}})، والويب هوك لا يتبع إعادة التوجيه.",
  "The receiver did not answer in time.": "لم تُجب جهة الاستقبال في الوقت المحدد.",
  "The receiver's host name could not be resolved.": "تعذّر العثور على اسم مضيف جهة الاستقبال.",
  "The receiver refused the connection.": "رفضت جهة الاستقبال الاتصال.",
  "The receiver closed the connection.": "أغلقت جهة الاستقبال الاتصال.",
  "The receiver could not be reached.": "تعذّر الوصول إلى جهة الاستقبال.",
  "Only http and https addresses can receive webhooks":
    "يمكن للعناوين التي تبدأ بـ http أو https فقط استقبال الويب هوك.",
  "An address can be at most {{max}} characters": "يجب ألا يتجاوز عدد أحرف العنوان {{max}}.",
  "Choose at least one event": "اختر حدثًا واحدًا على الأقل.",
  "A description can be at most {{max}} characters": "يجب ألا يتجاوز عدد أحرف الوصف {{max}}.",
  "A description is one line": "يجب أن يكون الوصف سطرًا واحدًا.",

  // ——— WhatsApp and other messaging channels ———
  "Enter the phone number ID": "أدخل مُعرّف رقم الهاتف.",
  "The phone number ID is a number of at most 32 digits": "مُعرّف رقم الهاتف رقم لا يزيد على 32 خانة.",
  "The phone number ID is a number (digits only), as Meta's app settings show it":
    "مُعرّف رقم الهاتف أرقام فقط، كما يظهر في إعدادات تطبيقك لدى Meta.",
  "Enter the WhatsApp Business Account ID": "أدخل مُعرّف حساب واتساب للأعمال.",
  "The WhatsApp Business Account ID is a number of at most 32 digits":
    "مُعرّف حساب واتساب للأعمال رقم لا يزيد على 32 خانة.",
  "The WhatsApp Business Account ID is a number (digits only), as Meta's app settings show it":
    "مُعرّف حساب واتساب للأعمال أرقام فقط، كما يظهر في إعدادات تطبيقك لدى Meta.",
  "Enter the access token": "أدخل رمز الوصول.",
  "The access token is at most 1024 characters": "لا يزيد رمز الوصول على 1024 حرفًا.",
  "The access token has no spaces or line breaks: paste it as Meta shows it":
    "لا يحتوي رمز الوصول على مسافات أو أسطر جديدة: الصقه كما تعرضه Meta.",
  "Enter the app secret": "أدخل المفتاح السري للتطبيق.",
  "The app secret is at most 128 characters": "لا يزيد المفتاح السري للتطبيق على 128 حرفًا.",
  "The app secret has no spaces or line breaks: paste it as Meta shows it":
    "لا يحتوي المفتاح السري للتطبيق على مسافات أو أسطر جديدة: الصقه كما تعرضه Meta.",
  "A template name has lower-case letters, digits and underscores":
    "يتكون اسم القالب من أحرف لاتينية صغيرة وأرقام وشرطات سفلية.",
  "A language code such as en or en_US": "أدخل رمز لغة مثل en أو en_US.",
  "Fill in every value": "املأ كل القيم.",
  "A value is at most {{max}} characters": "لا يزيد عدد أحرف القيمة على {{max}}.",
  "A value is one line, without tabs or runs of spaces":
    "القيمة سطر واحد، بلا علامات جدولة أو مسافات متتالية.",
  "Your {{plan}} plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.":
    "لا تشمل الباقة «{{plan}}» واتساب. رقِّ باقتك إلى Pro أو Business لربط رقم.",
  "Channel not found": "لم يُعثر على القناة.",
  "This number is already connected to a Parley chatbot of another workspace.":
    "هذا الرقم مربوط بالفعل بروبوت محادثة في Parley تابع لمساحة عمل أخرى.",
  "This number is already connected to one of your chatbots. Disconnect it there first.":
    "هذا الرقم مربوط بالفعل بأحد روبوتات المحادثة لديك. افصله من هناك أولًا.",
  "This number was just connected to a Parley chatbot.": "رُبط هذا الرقم للتو بروبوت محادثة في Parley.",
  "Meta did not accept the access token (error {{code}}). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired.":
    "لم تقبل Meta رمز الوصول (الخطأ {{code}}). تحقّق من أنه رمز دائم لمستخدم نظام يملك صلاحيتَي whatsapp_business_messaging وwhatsapp_business_management، وأنه لم تنتهِ صلاحيته.",
  'Meta did not accept the access token (error {{code}}). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired. Meta said: "{{said}}"':
    'لم تقبل Meta رمز الوصول (الخطأ {{code}}). تحقّق من أنه رمز دائم لمستخدم نظام يملك صلاحيتَي whatsapp_business_messaging وwhatsapp_business_management، وأنه لم تنتهِ صلاحيته. ردّ Meta: "{{said}}"',
  "Meta could not be reached to check the number right now. Try again in a minute.":
    "تعذّر الوصول إلى Meta للتحقق من الرقم الآن. حاول مرة أخرى بعد دقيقة.",
  'Meta could not be reached to check the number right now. Try again in a minute. Meta said: "{{said}}"':
    'تعذّر الوصول إلى Meta للتحقق من الرقم الآن. حاول مرة أخرى بعد دقيقة. ردّ Meta: "{{said}}"',
  "Meta does not know this phone number ID, or it does not belong to this token (error {{code}}). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself.":
    "لا تعرف Meta مُعرّف رقم الهاتف هذا، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخ مُعرّف رقم الهاتف من WhatsApp ← API Setup في تطبيقك لدى Meta، لا رقم الهاتف نفسه.",
  'Meta does not know this phone number ID, or it does not belong to this token (error {{code}}). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself. Meta said: "{{said}}"':
    'لا تعرف Meta مُعرّف رقم الهاتف هذا، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخ مُعرّف رقم الهاتف من WhatsApp ← API Setup في تطبيقك لدى Meta، لا رقم الهاتف نفسه. ردّ Meta: "{{said}}"',
  'Meta does not know WhatsApp Business Account ID {{id}}, or it does not belong to this token (error {{code}}). Copy it from WhatsApp → API Setup in your Meta app. Meta said: "{{said}}"':
    'لا تعرف Meta مُعرّف حساب واتساب للأعمال {{id}}، أو أنه لا يتبع هذا الرمز (الخطأ {{code}}). انسخه من WhatsApp ← API Setup في تطبيقك لدى Meta. ردّ Meta: "{{said}}"',
  "Too many attempts to connect a number. Please wait a minute and try again.":
    "محاولات كثيرة لربط رقم. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  "Templates are for WhatsApp conversations only.": "القوالب مخصّصة لمحادثات واتساب فقط.",
  "Too many requests for templates. Please wait a moment and try again.":
    "طلبات كثيرة للقوالب. يُرجى الانتظار لحظة ثم المحاولة مرة أخرى.",
  'There is no approved template "{{name}}" in {{language}}. It may have been paused or deleted in Meta.':
    'لا يوجد قالب معتمد باسم "{{name}}" باللغة {{language}}. ربما أُوقف مؤقتًا أو حُذف لدى Meta.',
  "This template takes 1 value, not {{count}}.": "يأخذ هذا القالب قيمة واحدة، لا {{count}}.",
  "This template takes {{expected}} values, not {{count}}.":
    "عدد القيم التي يأخذها هذا القالب {{expected}}، لا {{count}}.",
  "More than 24 hours have passed since the customer's last message, so WhatsApp allows only an approved template now.":
    "مرّت أكثر من 24 ساعة على آخر رسالة من العميل، لذا لا يسمح واتساب الآن إلا بقالب معتمد.",
  "Only customers' conversations can be handed to a person.": "لا تُحال إلى شخص إلا محادثات العملاء.",
  "{{name}} is handling this conversation. Only they, an owner or an admin can hand it back or close it.":
    "{{name}} يتولى هذه المحادثة. لا يعيدها إلى الروبوت أو يغلقها إلا هو أو المالك أو المشرف.",
  "Not sent: the WhatsApp number was disconnected.": "لم تُرسل: فُصل رقم واتساب.",
  "Not sent: the WhatsApp connection needs attention. An owner or admin can reconnect it in the chatbot's settings.":
    "لم تُرسل: ربط واتساب يحتاج إلى انتباه. يمكن للمالك أو المشرف إعادة ربطه من إعدادات روبوت المحادثة.",
  "Not sent: more than 24 hours have passed since the customer's last message. Send an approved template instead.":
    "لم تُرسل: مرّت أكثر من 24 ساعة على آخر رسالة من العميل. أرسل قالبًا معتمدًا بدلًا منها.",
  "Not delivered: more than 24 hours have passed since the customer's last message. Send an approved template instead.":
    "لم تُسلَّم: مرّت أكثر من 24 ساعة على آخر رسالة من العميل. أرسل قالبًا معتمدًا بدلًا منها.",
  "Meta refused this message: {{said}}": "رفضت Meta هذه الرسالة: {{said}}",
  "Not sent: Meta refused the number's access token, so the WhatsApp connection needs attention. Meta said: {{said}}":
    "لم تُرسل: رفضت Meta رمز الوصول الخاص بالرقم، لذا يحتاج ربط واتساب إلى انتباه. ردّ Meta: {{said}}",
  "The customer can't receive this message: they may have blocked the business, or this number is not on WhatsApp. Meta said: {{said}}":
    "لا يستطيع العميل استلام هذه الرسالة: ربما حظر النشاط التجاري، أو أن هذا الرقم ليس على واتساب. ردّ Meta: {{said}}",
  "Not sent: Meta kept refusing or could not be reached after several tries ({{said}}).":
    "لم تُرسل: استمرت Meta في الرفض أو تعذّر الوصول إليها بعد عدة محاولات ({{said}}).",

  // ——— Auth service: workspaces, accounts ———
  // The invitation link's public details (issue #25).
  "We could not find this invitation. Check the link in your e-mail.":
    "تعذّر علينا العثور على هذه الدعوة. تحقّق من الرابط في بريدك الإلكتروني.",
  "Not an invitation id": "هذا ليس معرّف دعوة.",
  "Your {{plan}} plan includes 1 seat, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.":
    "تتضمن باقتك «{{plan}}» مقعدًا واحدًا، وهو مشغول بعضو أو بدعوة معلّقة. قم بترقية باقتك من صفحة الفوترة، أو ألغِ دعوة معلّقة، لدعوة شخص جديد.",
  "Your {{plan}} plan includes {{count}} seats, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.":
    "تتضمن باقتك «{{plan}}» {{count}} من المقاعد، وكلها مشغولة بأعضاء أو بدعوات معلّقة. قم بترقية باقتك من صفحة الفوترة، أو ألغِ دعوة معلّقة، لدعوة شخص جديد.",
  "We could not check your plan's seats just now. Please try again in a moment.":
    "تعذّر علينا التحقق من مقاعد باقتك الآن. يُرجى المحاولة بعد لحظات.",
  "Enter a valid email address, like name@company.com.": "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@company.com.",
  "Choose one role: owner, admin or agent.": "اختر دورًا واحدًا: مالك أو مشرف أو موظف دعم.",
  "Give the workspace a name.": "أدخل اسمًا لمساحة العمل.",
  // Every name and title people see follows one rule (issue #35; @parley/contracts common/names.ts).
  "A name or title is one line of text: remove line breaks, tabs and other control characters.":
    "الاسم أو العنوان سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "Please enter your name.": "يُرجى إدخال اسمك.",
  "A name can be at most {{max}} characters long.": "لا يتجاوز عدد أحرف الاسم {{max}}.",
  "A name is one line of text: remove line breaks, tabs and other control characters.":
    "الاسم سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "A workspace name can be at most {{max}} characters long.": "لا يتجاوز عدد أحرف اسم مساحة العمل {{max}}.",
  "A workspace name is one line of text: remove line breaks, tabs and other control characters.":
    "اسم مساحة العمل سطر واحد من النص: احذف فواصل الأسطر وعلامات الجدولة وغيرها من محارف التحكم.",
  "A workspace's address can be at most {{max}} characters: lowercase letters, digits and single dashes.":
    "لا يتجاوز عدد أحرف عنوان مساحة العمل {{max}}، وهي أحرف لاتينية صغيرة وأرقام وشرطات مفردة.",
  "A workspace has a name only here: its logo and metadata cannot be set.":
    "يمكن هنا تعيين اسم مساحة العمل فقط: لا يمكن تعيين شعارها أو بياناتها الوصفية.",
  "The owner of a personal workspace always stays its owner. It is deleted with their account.":
    "يبقى مالك مساحة العمل الشخصية مالكًا لها دائمًا، وتُحذف مع حسابه.",
  "You are the only owner of {{workspaces}}, which has other members. Make another member an owner (or remove the members) before deleting your account.":
    "أنت المالك الوحيد لـ {{workspaces}}، وفيها أعضاء آخرون. اجعل عضوًا آخر مالكًا (أو أزل الأعضاء) قبل حذف حسابك.",
  "Choose a language: en or ar.": "اختر لغة: en أو ar.",
  "Unknown platform": "المنصة غير معروفة.",
  "Password is too short: use at least {{min}} characters":
    "كلمة المرور قصيرة جدًا: الحد الأدنى لعدد الأحرف {{min}}.",
  "Password is too long: use at most {{max}} characters":
    "كلمة المرور طويلة جدًا: الحد الأقصى لعدد الأحرف {{max}}.",

  // ——— better-auth's own messages (as better-auth-messages.ts names them) ———
  "Invalid email or password": "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  "Invalid password": "كلمة المرور غير صحيحة.",
  "Email not verified": "لم يتم التحقق من البريد الإلكتروني بعد.",
  "Invalid email": "البريد الإلكتروني غير صالح.",
  "Password too short": "كلمة المرور قصيرة جدًا.",
  "Password too long": "كلمة المرور طويلة جدًا.",
  "User already exists": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "User already exists.": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "User already exists. Use another email.": "يوجد حساب بهذا البريد الإلكتروني بالفعل. استخدم بريدًا آخر.",
  "Invalid token": "الرابط أو الرمز غير صالح.",
  "Token expired": "انتهت صلاحية الرابط أو الرمز.",
  "Session expired. Re-authenticate to perform this action.":
    "انتهت صلاحية الجلسة. سجّل الدخول مرة أخرى لإتمام هذا الإجراء.",
  "Session expired": "انتهت صلاحية الجلسة.",
  "Provider not found": "لم يُعثر على مزوّد تسجيل الدخول.",
  "Verification email isn't enabled": "إرسال رسائل التحقق غير مفعّل.",
  "Email and password is not enabled": "تسجيل الدخول بالبريد الإلكتروني وكلمة المرور غير مفعّل.",
  "Email and password sign up is not enabled": "إنشاء الحساب بالبريد الإلكتروني وكلمة المرور غير مفعّل.",
  "Reset password isn't enabled": "إعادة تعيين كلمة المرور غير مفعّلة.",
  "You can only send a verification email to an unverified email":
    "يمكن إرسال رسالة التحقق إلى بريد إلكتروني لم يتم التحقق منه فقط.",
  "Email is already verified": "تم التحقق من البريد الإلكتروني بالفعل.",
  "You can only send a verification email to your own email":
    "يمكنك إرسال رسالة التحقق إلى بريدك الإلكتروني فقط.",
  "Email mismatch": "البريد الإلكتروني غير مطابق.",
  "user already has a password": "لدى المستخدم كلمة مرور بالفعل.",
  "Change email is disabled": "تغيير البريد الإلكتروني غير مفعّل.",
  "Account not found": "لم يُعثر على الحساب.",
  "Failed to get a valid access token": "تعذّر الحصول على رمز دخول صالح.",
  "Failed to refresh access token": "تعذّر تجديد رمز الدخول.",
  "Invalid origin": "مصدر الطلب غير مسموح به.",
  "Invalid callbackURL": "عنوان الرجوع غير صالح.",
  "Email is the same": "البريد الإلكتروني الجديد مطابق للحالي.",
  "Couldn't update your email": "تعذّر تحديث بريدك الإلكتروني.",
  "You can't unlink your last account": "لا يمكنك إلغاء ربط حسابك الأخير.",
  Unauthorized: "غير مصرّح لك. يُرجى تسجيل الدخول.",

  // ——— The operator's console (platform staff) ———
  "This area is for Parley's staff only.": "هذا القسم مخصّص لفريق Parley فقط.",
  "Your staff role can look, not change: ask a platform admin.":
    "يتيح لك دورك الاطلاع فقط دون التعديل: اطلب ذلك من أحد مسؤولي المنصة.",
  "Sign in again to continue: changes in the console need a sign-in within the last 10 minutes.":
    "سجّل الدخول مرة أخرى للمتابعة: تتطلب التعديلات في لوحة التشغيل تسجيل دخول خلال آخر 10 دقائق.",
  "API keys cannot use the operator's console.": "لا يمكن استخدام مفاتيح API في لوحة التشغيل.",
  "Workspace not found": "لم يُعثر على مساحة العمل.",
  "This payment is already decided: there is nothing to ask the gateway":
    "حُسمت هذه الدفعة بالفعل: لا حاجة إلى الاستعلام من بوابة الدفع.",
  "The Free plan has no price to change": "الباقة المجانية ليس لها سعر يمكن تغييره.",
  "A paid plan needs a price above zero": "يجب أن يكون سعر الباقة المدفوعة أكبر من صفر.",
  "The Free plan cannot be retired: every workspace falls back to it":
    "لا يمكن إيقاف الباقة المجانية: فكل مساحة عمل تعود إليها.",
  "Nothing to change": "لا يوجد ما يُغيَّر.",
  "Only a captured payment can be refunded": "لا يمكن استرداد إلا دفعة مُحصَّلة.",
  "This gateway takes refunds only in its own console: refund it there":
    "لا تقبل هذه البوابة الاسترداد إلا من لوحة التحكم الخاصة بها: أجرِ الاسترداد هناك.",
  "A refund cannot be more than what is left of the payment ({{amount}} {{currency}})":
    "لا يمكن أن يتجاوز المبلغ المسترد ما تبقّى من الدفعة ({{amount}} {{currency}}).",
  "This payment was already refunded in full": "استُردّت هذه الدفعة بالكامل من قبل.",
  "This payment is not the one for the current paid period: keep the plan as it is":
    "هذه الدفعة ليست دفعة فترة الاشتراك الحالية: أبقِ الباقة كما هي.",
  "The gateway has no refund API": "لا توفّر البوابة واجهة للاسترداد.",
  "The card gateway refused the refund": "رفضت بوابة البطاقات عملية الاسترداد.",
  "The gateway refused the refund": "رفضت البوابة عملية الاسترداد.",
  "Only a payment held for review can be resolved here": "لا يمكن البتّ هنا إلا في دفعة موقوفة للمراجعة.",
  "Declined after review: the amount paid did not match the price":
    "رُفضت بعد المراجعة: المبلغ المدفوع لا يطابق السعر.",
  "Use at most {{digits}} decimal places for {{currency}}":
    "استخدم {{digits}} منازل عشرية كحدٍّ أقصى لعملة {{currency}}.",
  "Someone changed this plan since you opened it (version {{version}}). Reload it and make your change again.":
    "عدّل شخص آخر هذه الباقة منذ فتحتها (الإصدار {{version}}). أعد تحميلها ثم أجرِ تعديلك مرة أخرى.",
  "Grant a paid plan: every workspace has the Free plan already":
    "امنح باقة مدفوعة: فكل مساحة عمل لديها الباقة المجانية أصلًا.",
  "Choose an end date in the future": "اختر تاريخ انتهاء في المستقبل.",
  "Grant at most three years at a time": "يمكن المنح لثلاث سنوات كحدٍّ أقصى في كل مرة.",
  "Say why, in a few words": "اذكر السبب في بضع كلمات.",
  "Keep the reason under 500 characters": "يجب ألا يتجاوز السبب 500 حرف.",
  "Give the plan a name in both languages": "أدخل اسم الباقة باللغتين.",
  "Type at least 2 characters to search": "اكتب حرفين على الأقل للبحث.",
};

export default server;

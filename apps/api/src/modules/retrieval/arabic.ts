/**
 * Arabic text analysis for search, done here in TypeScript so that PGlite and Postgres index and
 * match exactly the same lexemes (the database only sees the analysed words; see `analyseForSearch`).
 *
 * - `normalizeArabic`: alef forms (أ إ آ ٱ) → ا, ى → ي, ة → ه, tatweel and diacritics removed,
 *   Arabic-Indic digits → ASCII, presentation forms → letters, zero-width and direction marks
 *   removed (in any text).
 * - `stemArabic`: light stemming — the conjunctions and prepositions fused to a word (و ف ب ك ل),
 *   the article and its fused forms (ال وال بال كال فال لل), pronoun suffixes (ها هم كم نا ك ه ي…),
 *   the plural and dual endings (ات ان ون ين) and the feminine/nisba endings (ه يه ي). Each rule
 *   keeps a minimum stem length so names survive: البحرين → بحرين (not بحر, "sea"), لبنان stays.
 * - `detectLanguage`: "ar" when Arabic letters are at least as many as Latin ones, else "en".
 *
 * Postgres's own `arabic` snowball configuration was measured and not adopted: it turns البحرين
 * into بحر and keeps والمكتبات whole, and it would only exist on the server side (the question and
 * the sentence matching of the built-in engine need the same analysis).
 */

export type Language = "en" | "ar";

/** Zero-width characters and direction marks: invisible, but they would split a word in two. */
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u061C\u202A-\u202E\u2066-\u2069\u00AD]/g;
/** Harakat, tanween, shadda, sukun, dagger alef and Quranic annotation marks. */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]/g;
const TATWEEL = /\u0640/g;

/** Removes the invisible characters (zero-width spaces and joiners, BOM, direction marks). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** Orthographic normalisation of Arabic (other text passes through, minus invisible characters). */
export function normalizeArabic(text: string): string {
  return (
    text
      .replace(INVISIBLE, "")
      // Presentation forms (ﻻ، ﺍ… as some PDFs give them) → the letters they show.
      .replace(/[\uFB50-\uFDFF\uFE70-\uFEFC]/g, (c) => c.normalize("NFKC"))
      .replace(TATWEEL, "")
      .replace(DIACRITICS, "")
      .replace(/[\u0622\u0623\u0625\u0671\u0672\u0673]/g, "\u0627")
      .replace(/[\u0649\u06CC]/g, "\u064A")
      .replace(/\u0629/g, "\u0647")
      .replace(/\u06A9/g, "\u0643")
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
  );
}

const ARABIC_WORD =
  /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF][\u0621-\u065F\u0670-\u06D3\u06FA-\u06FF\u0640\u200C\u200D]*/g;
const LATIN_WORD = /[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'’]*/g;

/**
 * The language of a text: "ar" when it has at least as many Arabic words as Latin ones (a brand
 * name in an Arabic question does not make it English), else "en".
 */
export function detectLanguage(text: string): Language {
  const ar = text.match(ARABIC_WORD)?.length ?? 0;
  if (ar === 0) return "en";
  const latin = text.match(LATIN_WORD)?.length ?? 0;
  return ar >= latin ? "ar" : "en";
}

/**
 * Words that carry no subject (normalised spelling), Modern Standard and Gulf, and the "can I / I
 * want" that opens a question (يمكنني، اقدر، ابي، ابغى).
 */
const STOP_WORDS = new Set(
  `من الي الى في علي على عن مع عند لدي لدى لدينا عندنا عندكم لديكم هذا هذه هذي هاذا هاذي ذلك ذاك تلك هناك هنا هو هي هم هن هما انا انت انتم انتي نحن كان كانت يكون تكون كانوا ما ماذا متي متى اين وين فين كيف شلون شلونه كم بكم هل لا لم لن ان او ام ثم قد لقد كل بعض غير الا لكن ولكن اذا حتي حتى بين بعد قبل ايضا يا اي ايش وش شو شنو ليش لماذا لما الذي التي الذين اللذين اللتين اللي الي اللى منذ خلال حول ضد عبر نحو لدي له لها لهم لنا لي لك لكم به بها بهم فيه فيها فيهم منه منها منهم عنه عنها عليه عليها اليه اليها كما مثل جدا فقط تم وقد وهو وهي وكان وكانت ولا وما وهل ثمه يوجد توجد ماهي ماهو ماهى مالذي ماالذي اللتي اللتى اللذي الذى انه انها لانه لانها لان وانه حيث اذ عندما يمكن يمكنني يمكنك يمكنكم يمكننا ممكن اقدر تقدر تقدرون نقدر استطيع نستطيع تستطيع ابي ابغي ابغى ابا اريد نريد تريد ودي`
    .split(/\s+/)
    .map((w) => normalizeArabic(w)),
);

/** Words that begin with و ف ب ك ل as a root letter (normalised): never stripped of it. */
const ROOT_INITIAL = new Set(
  `بطاقه بطاقات برنامج برامج بريد بلد بلاد بيع بائع بضاعه بضائع بحث بحرين بدايه بنك بنوك بيانات باب ابواب بحر بعد بيت بيوت بدل بدون بطل بطوله بلديه بناء بيئه بترول برج برلمان بشر بصره فاتوره فواتير فتره فرع فروع فريق فكره فندق فيلم فصل فوق فيديو فرنسا فلسطين فئه فعل فيزا فضه فلوس فايده فوائد كتاب كتب كلمه كميه كامل كبير كثير كرسي كرت كرم كلفه كليه كويت كوب كاش كهرباء لون الوان لغه لعبه لحم ليله لبنان لندن لوحه لقب لياقه لجنه لائحه ليبيا وقت اوقات وصول وصل وزن وزاره وزير وسيله وسائل وظيفه وجه وحده ولايه وطن ولد وضع وقف وكيل واجب واحد واتساب وجبه وثيقه وثائق ورق ورقه وسط ولي وادي وارد واقع`
    .split(/\s+/)
    .map((w) => normalizeArabic(w)),
);

const ARTICLES = ["وبال", "فبال", "وكال", "ولل", "فلل", "وال", "بال", "كال", "فال", "لل", "ال"];

/** Suffix stripping of a word without its prefixes (see `stemArabic`). */
function stripSuffixes(word: string): string {
  let w = word;
  let pronoun = false;
  const cut = (suffix: string, min: number) => {
    if (w.endsWith(suffix) && w.length - suffix.length >= min) {
      w = w.slice(0, -suffix.length);
      return true;
    }
    return false;
  };
  // Tanween alef (حاليا، مجانا), else a pronoun: -ها -هم -كم -نا (two letters), -ك -ي (one).
  if (w.length >= 5 && /(يا|انا)$/.test(w)) w = w.slice(0, -1);
  else if (cut("هما", 3) || cut("كما", 3) || cut("ها", 3) || cut("هم", 3) || cut("هن", 3)) pronoun = true;
  else if (cut("كم", 3) || cut("كن", 3) || cut("نا", 3)) pronoun = true;
  else if (w.length >= 5 && w.endsWith("ا") && !w.endsWith("اا")) w = w.slice(0, -1);
  else if (w.length >= 4 && /[كي]$/.test(w) && !/(ين|يي)$/.test(w)) {
    // -ك, -ي (طلبك، حسابي); -ي also ends a nisba adjective (بحريني), stripped the same way.
    w = w.slice(0, -1);
    pronoun = true;
  }
  // A feminine noun before a pronoun is spelt with ت: بطاقتك → بطاقه.
  if (pronoun && w.length >= 4 && w.endsWith("ت")) w = `${w.slice(0, -1)}ه`;
  // Plural and dual endings (a name's -ين/-ان/-ون only with 4 letters left: بحرين، لبنان), else
  // the feminine and nisba endings.
  if (!cut("ات", 3) && !cut("ون", 4) && !cut("ين", 4) && !cut("ان", 4) && !cut("يه", 3)) cut("ه", 3);
  if (w.length >= 4 && w.endsWith("ي") && !w.endsWith("يي")) w = w.slice(0, -1);
  // The prefix of a present-tense verb (أ ت ن ي: أدفع، تشحنون، نوصل، يوصل → دفع، شحن، وصل، وصل),
  // taken from any word of four letters or more so that a noun is cut the same way everywhere.
  if (w.length >= 4 && /^[اتني]/.test(w)) w = w.slice(1);
  return w;
}

/** Suffix-stripped forms of the words whose first letter is a root letter. */
const ROOT_INITIAL_STEMS = new Set([...ROOT_INITIAL].map(stripSuffixes));

/**
 * Light stem of one Arabic word (see the module comment for the rules). Deterministic and
 * dictionary-free apart from a short list of common words whose first letter is a root letter.
 */
export function stemArabic(input: string): string {
  let w = normalizeArabic(input);
  if (w.length < 3) return w;
  for (const a of ARTICLES) {
    if (w.startsWith(a) && w.length - a.length >= 2) return stripSuffixes(w.slice(a.length));
  }
  const whole = stripSuffixes(w);
  if (ROOT_INITIAL.has(w) || ROOT_INITIAL_STEMS.has(whole)) return whole;
  // One fused conjunction (و ف) and/or preposition (ب ك ل), when enough is left to be a word.
  if (/^[وف][بكل]/.test(w) && w.length >= 6 && !ROOT_INITIAL_STEMS.has(stripSuffixes(w.slice(1))))
    w = w.slice(2);
  else if (/^[وفبكل]/.test(w) && w.length >= 5) w = w.slice(1);
  else if (w.startsWith("و") && w.length === 4) w = w.slice(1);
  else return whole;
  return stripSuffixes(w);
}

/** Latin letters with diacritics (Latin-1 Supplement and Latin Extended-A/B). */
const ACCENTED = /[\u00C0-\u024F]/;
const ACCENTED_ALL = /[\u00C0-\u024F]/g;

/** A run of Arabic script (letters, marks, tatweel, digits) and the separators inside it. */
const ARABIC_RUN = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;

/** Arabic words of a text as search lexemes: normalised, stemmed, without stop words. */
export function arabicTerms(text: string): string[] {
  const out: string[] = [];
  for (const run of normalizeArabic(text).match(/[\u0621-\u064A]+/g) ?? []) {
    const t = termOf(run);
    if (t) out.push(t);
  }
  return out;
}

function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (/^[وف]/.test(word) && STOP_WORDS.has(word.slice(1))) return null;
  const stem = stemArabic(word);
  return stem.length >= 2 ? stem : null;
}

/**
 * The text as the search index and the question matcher see it: invisible characters removed and
 * every Arabic word replaced by its stem (stop words and Arabic punctuation by spaces; digits split
 * from letters). Everything else is left exactly as it was, so English text is then analysed by
 * Postgres's `english` configuration as before. Returns the input unchanged when there is nothing
 * to do (English text: the index stores no second copy).
 */
export function analyseForSearch(text: string): string {
  let out = text.replace(INVISIBLE, "");
  // Latin letters lose their accents (Beyoncé, Frédéric → Beyonce, Frederic): visitors rarely
  // type them, and Postgres's `english` configuration keeps them.
  if (ACCENTED.test(out))
    out = out.replace(ACCENTED_ALL, (c) => c.normalize("NFD").replace(/[\u0300-\u036F]/g, ""));
  if (!/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(out)) return out;
  out = out.replace(ARABIC_RUN, (run) => {
    const norm = normalizeArabic(run);
    const words = norm.match(/[\u0621-\u064A]+|[0-9]+/g) ?? [];
    const kept = words.map((w) => (/^[0-9]/.test(w) ? w : termOf(w))).filter(Boolean);
    return ` ${kept.join(" ")} `;
  });
  return out;
}

/** Search columns of a chunk: its language and the analysed heading/body (null when identical). */
export function indexFields(title: string, body: string) {
  const lang = detectLanguage(`${title}\n${body}`);
  const searchTitle = analyseForSearch(title);
  const searchBody = analyseForSearch(body);
  return {
    lang,
    searchTitle: searchTitle === title ? null : searchTitle,
    searchBody: searchBody === body ? null : searchBody,
  };
}

/**
 * Words a Gulf visitor uses for what a shop's pages say otherwise: loanwords (ايميل for البريد
 * الإلكتروني, كاش for نقدًا), dialect (دوام for ساعات العمل, كفالة for ضمان), and the present tense
 * of doubled verbs, whose stem keeps its prefix (يرد "replies" beside الرد "the reply"). Each group
 * is one meaning; a question's word the bot never saw is searched as a word of its group that the
 * bot knows (retrieval.ts), so the index and its analysis stay as they are.
 */
const SYNONYM_GROUPS = [
  ["ايميل", "البريد الالكتروني", "بريد الكتروني"],
  ["جوال", "موبايل", "هاتف", "تلفون", "تليفون"],
  ["واتساب", "واتس"],
  ["توصيل", "ديليفري", "دليفري"],
  ["طلب", "اوردر"],
  ["استرداد", "استرجاع", "ريفند"],
  ["خصم", "ديسكاونت", "تخفيض"],
  ["كوبون", "قسيمه"],
  ["حساب", "اكاونت"],
  ["كلمه المرور", "كلمه السر", "باسورد", "باسوورد"],
  ["تطبيق", "ابليكيشن", "ابلكيشن"],
  ["مقاس", "سايز"],
  ["نقدا", "كاش"],
  ["ضمان", "كفاله"],
  ["دوام", "ساعات العمل"],
  ["اجازه", "عطله"],
  ["رد", "يرد", "ترد", "نرد"],
  ["حب", "يحب", "تحب", "نحب", "احب"],
  ["دل", "يدل", "تدل"],
  ["حل", "يحل", "تحل"],
  ["ظن", "يظن", "تظن", "اظن"],
  ["شك", "يشك", "تشك", "اشك"],
  ["مد", "يمد", "تمد"],
  ["ضر", "يضر", "تضر"],
];

/** Each stem of a group's words → the stems of the group's other words. */
const SYNONYMS = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const stems = group.map((phrase) => arabicTerms(phrase));
    for (const [i, own] of stems.entries())
      for (const stem of own) {
        const others = map.get(stem) ?? new Set<string>();
        for (const [j, theirs] of stems.entries()) if (j !== i) for (const s of theirs) others.add(s);
        map.set(stem, others);
      }
  }
  return map;
})();

/** The stems that mean what an Arabic question's stem means (see SYNONYM_GROUPS); none for others. */
export function arabicSynonyms(stem: string): string[] {
  return [...(SYNONYMS.get(stem) ?? [])];
}

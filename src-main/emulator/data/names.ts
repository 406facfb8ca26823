/**
 * Word lists for names that look like a real account's: several scripts, emoji (some
 * built from ZWJ sequences and flags), right-to-left text, and the odd very long name,
 * because those are what break list rendering and sorting.
 */

export const SCRIPTS = ['latin', 'cyrillic', 'arabic', 'cjk', 'emoji'] as const
export type Script = (typeof SCRIPTS)[number]

export const GROUP_NAMES: Readonly<Record<Script, readonly string[]>> = {
  latin: [
    'Family',
    'Book Club',
    'Weekend Hikers',
    'Project Apollo',
    'Class of 2012',
    'Neighbours',
    'Parents 4B',
    'Sales EMEA',
    'Climbing crew',
    'Garden allotment',
    'Wedding planning',
    'Band practice',
    'Five-a-side',
    'Startup founders',
    'Café Lumière staff',
    'Über-Team',
    'Ski trip Zürich',
    'Société de chasse',
    'Coro São João',
    'Équipe design',
    'Mañana club',
  ],
  cyrillic: [
    'Семья',
    'Дача',
    'Футбол по средам',
    'Родительский чат 5Б',
    'Одногруппники',
    'Соседи',
    'Рыбалка',
    'Работа — отдел продаж',
    'Книжный клуб',
    'Поход на Алтай',
    'Київ — друзі',
    'Хор',
    'Бабушкин юбилей',
    'Йога по утрам',
  ],
  arabic: [
    'العائلة',
    'أصدقاء الجامعة',
    'فريق العمل',
    'الجيران',
    'نادي الكتاب',
    'رحلة العمرة',
    'كرة القدم',
    'أولياء الأمور',
    'مجموعة التسويق',
    'شباب الحي',
    'فريق التصميم',
  ],
  cjk: [
    '家族群',
    '読書会',
    '同学会',
    '週末ハイキング',
    '우리 가족',
    '동창회',
    '工作群',
    '篮球队',
    'プロジェクトX',
    '料理教室',
    '台北朋友',
    '새해 계획',
    '旅行計画 2025',
  ],
  emoji: ['🎉', '⚽', '🏡', '📚', '🌍', '🍕', '🚀', '💼', '🎸', '👨‍👩‍👧‍👦', '🇺🇦', '🇧🇷', '🧗‍♀️', '🐶', '☕', '🏳️‍🌈', '🎂', '✈️'],
}

export const FIRST_NAMES: Readonly<Record<Script, readonly string[]>> = {
  latin: [
    'Anna',
    'Lukas',
    'Sofia',
    'Mateo',
    'Chloé',
    'Jörg',
    'Ines',
    'Liam',
    'Olivia',
    'Noah',
    'Zoë',
    'Emma',
    'João',
    'Ayşe',
    'Łukasz',
    'Siobhán',
  ],
  cyrillic: ['Алексей', 'Мария', 'Дмитрий', 'Ольга', 'Иван', 'Наталья', 'Олена', 'Сергій'],
  arabic: ['محمد', 'فاطمة', 'أحمد', 'مريم', 'علي', 'نور', 'يوسف', 'ليلى'],
  cjk: ['王伟', '李娜', '佐藤', '田中', '김민준', '이서연', '陈杰', '山本'],
  emoji: ['Mum ❤️', 'Dad 👨‍🔧', 'Coach ⚽', 'Bestie ✨', 'Grandma 🌸', 'Boss 💼'],
}

export const DESCRIPTIONS: Readonly<Record<Script, readonly string[]>> = {
  latin: [
    'Be kind. No spam, no forwards.',
    'Meeting every Thursday at 7pm. Agenda in the pinned message.',
    'Photos from the trip go here 📸',
    'Official group. Admins only post announcements.\nRules: https://example.com/rules',
  ],
  cyrillic: ['Только по делу, без спама.', 'Фото и новости. Встречаемся по субботам.'],
  arabic: ['مرحبا بالجميع! الرجاء الالتزام بقواعد المجموعة.', 'للإعلانات فقط'],
  cjk: ['请勿发广告，谢谢合作。', '毎週土曜日に集まります。', '공지사항은 고정 메시지를 확인하세요.'],
  emoji: ['🎉🎉🎉', '📌 Rules: be nice 🙂', '🌍✈️🏔️'],
}

export const MESSAGE_TEXTS: Readonly<Record<Script, readonly string[]>> = {
  latin: [
    'See you all tomorrow!',
    'Who is bringing the snacks?',
    'Running 10 minutes late, sorry',
    'Great job everyone 👏',
    'Can someone send the slides again?',
    'Happy birthday!! 🎂',
    'Check this out: https://example.com/article',
    'Meeting moved to 3pm',
  ],
  cyrillic: ['Всем привет!', 'Кто завтра придёт?', 'Спасибо всем!', 'Фото скину вечером'],
  arabic: ['صباح الخير', 'شكرا للجميع', 'أين نلتقي غدا؟', 'مبروك!'],
  cjk: ['大家好！', '明日は何時ですか？', '감사합니다!', '收到，谢谢'],
  emoji: ['😂😂😂', '👍', '🔥🔥', '❤️', '🙏🙏'],
}

export const PLACES = [
  {
    name: 'Brandenburger Tor',
    address: 'Pariser Platz, 10117 Berlin',
    latitude: 52.516275,
    longitude: 13.377704,
  },
  { name: 'Красная площадь', address: 'Москва, 109012', latitude: 55.75393, longitude: 37.620795 },
  { name: 'برج خليفة', address: 'Dubai, UAE', latitude: 25.197197, longitude: 55.274376 },
  {
    name: '東京タワー',
    address: '4 Chome-2-8 Shibakoen, Minato City, Tokyo',
    latitude: 35.658581,
    longitude: 139.745438,
  },
  {
    name: 'Cristo Redentor',
    address: 'Parque Nacional da Tijuca, Rio de Janeiro',
    latitude: -22.951916,
    longitude: -43.210487,
  },
] as const

/** Country calling codes; the first is the account's home country and the most common. */
export const COUNTRY_CODES = ['1', '44', '49', '7', '971', '86', '81', '55', '91', '34', '380', '234'] as const

export const LABEL_NAMES = [
  'New customer',
  'Important',
  'Follow up',
  'Paid',
  'Order complete',
  'VIP',
  'Supplier',
  'Family',
  'Work',
  'Urgent',
  'Важно',
  'عملاء',
  '待处理',
  'Lead',
  'Pending payment',
] as const

/** The provider's label colours (Label.color in its spec). */
export const LABEL_COLORS = [
  'salmon',
  'lightskyblue',
  'gold',
  'plum',
  'silver',
  'mediumturquoise',
  'violet',
  'goldenrod',
  'cornflowerblue',
  'greenyellow',
  'cyan',
  'lightpink',
  'mediumaquamarine',
  'orangered',
  'deepskyblue',
  'limegreen',
  'darkorange',
  'lightsteelblue',
  'mediumpurple',
  'rebeccapurple',
] as const

export const REACTION_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🔥', '🎉'] as const

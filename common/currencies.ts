import { DomainError } from './errors';

/**
 * ISO 4217 currencies in current use that a person can spend. Funds codes (BOV, CLF, COU, MXV,
 * USN, UYI, UYW, CHE, CHW), precious metals, testing codes and XDR/XSU/XUA are left out: nobody
 * splits a dinner bill in Special Drawing Rights. The exponent is ISO's minor-unit digit count,
 * which is what every amount in the ledger is scaled by (DESIGN §3); it can differ from CLDR's
 * display digits (ISO gives IDR and HUF 2, CLDR shows 0), and the ledger follows ISO so that a
 * stored amount never changes meaning when a browser updates its locale data.
 *
 * English names follow ISO's, written as people say them ('US dollar'); Russian names follow the
 * Bank of Russia's and OKV usage in the nominative singular ('Японская иена').
 */
export interface Currency {
  readonly code: string;
  /** Digits after the decimal point: 2 for most, 0 for JPY, 3 for KWD. */
  readonly exponent: 0 | 2 | 3;
  readonly en: string;
  readonly ru: string;
  readonly symbol?: string;
}

type Row = readonly [code: string, exponent: 0 | 2 | 3, en: string, ru: string, symbol?: string];

const ROWS: readonly Row[] = [
  ['AED', 2, 'UAE dirham', 'Дирхам ОАЭ'],
  ['AFN', 2, 'Afghan afghani', 'Афгани', '؋'],
  ['ALL', 2, 'Albanian lek', 'Албанский лек'],
  ['AMD', 2, 'Armenian dram', 'Армянский драм', '֏'],
  ['AOA', 2, 'Angolan kwanza', 'Ангольская кванза'],
  ['ARS', 2, 'Argentine peso', 'Аргентинское песо'],
  ['AUD', 2, 'Australian dollar', 'Австралийский доллар', 'A$'],
  ['AWG', 2, 'Aruban florin', 'Арубанский флорин'],
  ['AZN', 2, 'Azerbaijani manat', 'Азербайджанский манат', '₼'],
  ['BAM', 2, 'Bosnia and Herzegovina convertible mark', 'Конвертируемая марка Боснии и Герцеговины'],
  ['BBD', 2, 'Barbados dollar', 'Барбадосский доллар'],
  ['BDT', 2, 'Bangladeshi taka', 'Бангладешская така', '৳'],
  ['BGN', 2, 'Bulgarian lev', 'Болгарский лев'],
  ['BHD', 3, 'Bahraini dinar', 'Бахрейнский динар'],
  ['BIF', 0, 'Burundian franc', 'Бурундийский франк'],
  ['BMD', 2, 'Bermudian dollar', 'Бермудский доллар'],
  ['BND', 2, 'Brunei dollar', 'Брунейский доллар'],
  ['BOB', 2, 'Boliviano', 'Боливиано'],
  ['BRL', 2, 'Brazilian real', 'Бразильский реал', 'R$'],
  ['BSD', 2, 'Bahamian dollar', 'Багамский доллар'],
  ['BTN', 2, 'Bhutanese ngultrum', 'Бутанский нгултрум'],
  ['BWP', 2, 'Botswana pula', 'Ботсванская пула'],
  ['BYN', 2, 'Belarusian ruble', 'Белорусский рубль', 'Br'],
  ['BZD', 2, 'Belize dollar', 'Белизский доллар'],
  ['CAD', 2, 'Canadian dollar', 'Канадский доллар', 'CA$'],
  ['CDF', 2, 'Congolese franc', 'Конголезский франк'],
  ['CHF', 2, 'Swiss franc', 'Швейцарский франк'],
  ['CLP', 0, 'Chilean peso', 'Чилийское песо'],
  ['CNY', 2, 'Chinese yuan', 'Китайский юань', '¥'],
  ['COP', 2, 'Colombian peso', 'Колумбийское песо'],
  ['CRC', 2, 'Costa Rican colón', 'Костариканский колон', '₡'],
  ['CUP', 2, 'Cuban peso', 'Кубинское песо'],
  ['CVE', 2, 'Cape Verdean escudo', 'Эскудо Кабо-Верде'],
  ['CZK', 2, 'Czech koruna', 'Чешская крона', 'Kč'],
  ['DJF', 0, 'Djiboutian franc', 'Франк Джибути'],
  ['DKK', 2, 'Danish krone', 'Датская крона', 'kr'],
  ['DOP', 2, 'Dominican peso', 'Доминиканское песо'],
  ['DZD', 2, 'Algerian dinar', 'Алжирский динар'],
  ['EGP', 2, 'Egyptian pound', 'Египетский фунт', 'E£'],
  ['ERN', 2, 'Eritrean nakfa', 'Эритрейская накфа'],
  ['ETB', 2, 'Ethiopian birr', 'Эфиопский быр'],
  ['EUR', 2, 'Euro', 'Евро', '€'],
  ['FJD', 2, 'Fiji dollar', 'Доллар Фиджи'],
  ['FKP', 2, 'Falkland Islands pound', 'Фунт Фолклендских островов'],
  ['GBP', 2, 'Pound sterling', 'Фунт стерлингов', '£'],
  ['GEL', 2, 'Georgian lari', 'Грузинский лари', '₾'],
  ['GHS', 2, 'Ghanaian cedi', 'Ганский седи', 'GH₵'],
  ['GIP', 2, 'Gibraltar pound', 'Гибралтарский фунт'],
  ['GMD', 2, 'Gambian dalasi', 'Гамбийский даласи'],
  ['GNF', 0, 'Guinean franc', 'Гвинейский франк'],
  ['GTQ', 2, 'Guatemalan quetzal', 'Гватемальский кетсаль'],
  ['GYD', 2, 'Guyanese dollar', 'Гайанский доллар'],
  ['HKD', 2, 'Hong Kong dollar', 'Гонконгский доллар', 'HK$'],
  ['HNL', 2, 'Honduran lempira', 'Гондурасская лемпира'],
  ['HTG', 2, 'Haitian gourde', 'Гаитянский гурд'],
  ['HUF', 2, 'Hungarian forint', 'Венгерский форинт', 'Ft'],
  ['IDR', 2, 'Indonesian rupiah', 'Индонезийская рупия', 'Rp'],
  ['ILS', 2, 'Israeli new shekel', 'Новый израильский шекель', '₪'],
  ['INR', 2, 'Indian rupee', 'Индийская рупия', '₹'],
  ['IQD', 3, 'Iraqi dinar', 'Иракский динар'],
  ['IRR', 2, 'Iranian rial', 'Иранский риал'],
  ['ISK', 0, 'Icelandic króna', 'Исландская крона'],
  ['JMD', 2, 'Jamaican dollar', 'Ямайский доллар'],
  ['JOD', 3, 'Jordanian dinar', 'Иорданский динар'],
  ['JPY', 0, 'Japanese yen', 'Японская иена', '¥'],
  ['KES', 2, 'Kenyan shilling', 'Кенийский шиллинг'],
  ['KGS', 2, 'Kyrgyzstani som', 'Киргизский сом'],
  ['KHR', 2, 'Cambodian riel', 'Камбоджийский риель', '៛'],
  ['KMF', 0, 'Comorian franc', 'Коморский франк'],
  ['KPW', 2, 'North Korean won', 'Северокорейская вона'],
  ['KRW', 0, 'South Korean won', 'Южнокорейская вона', '₩'],
  ['KWD', 3, 'Kuwaiti dinar', 'Кувейтский динар'],
  ['KYD', 2, 'Cayman Islands dollar', 'Доллар Островов Кайман'],
  ['KZT', 2, 'Kazakhstani tenge', 'Казахстанский тенге', '₸'],
  ['LAK', 2, 'Lao kip', 'Лаосский кип', '₭'],
  ['LBP', 2, 'Lebanese pound', 'Ливанский фунт'],
  ['LKR', 2, 'Sri Lankan rupee', 'Шри-ланкийская рупия'],
  ['LRD', 2, 'Liberian dollar', 'Либерийский доллар'],
  ['LSL', 2, 'Lesotho loti', 'Лоти Лесото'],
  ['LYD', 3, 'Libyan dinar', 'Ливийский динар'],
  ['MAD', 2, 'Moroccan dirham', 'Марокканский дирхам'],
  ['MDL', 2, 'Moldovan leu', 'Молдавский лей'],
  ['MGA', 2, 'Malagasy ariary', 'Малагасийский ариари'],
  ['MKD', 2, 'Macedonian denar', 'Македонский денар'],
  ['MMK', 2, 'Myanmar kyat', 'Мьянманский кьят'],
  ['MNT', 2, 'Mongolian tögrög', 'Монгольский тугрик', '₮'],
  ['MOP', 2, 'Macanese pataca', 'Патака Макао'],
  ['MRU', 2, 'Mauritanian ouguiya', 'Мавританская угия'],
  ['MUR', 2, 'Mauritian rupee', 'Маврикийская рупия'],
  ['MVR', 2, 'Maldivian rufiyaa', 'Мальдивская руфия'],
  ['MWK', 2, 'Malawian kwacha', 'Малавийская квача'],
  ['MXN', 2, 'Mexican peso', 'Мексиканское песо', 'MX$'],
  ['MYR', 2, 'Malaysian ringgit', 'Малайзийский ринггит', 'RM'],
  ['MZN', 2, 'Mozambican metical', 'Мозамбикский метикал'],
  ['NAD', 2, 'Namibian dollar', 'Намибийский доллар'],
  ['NGN', 2, 'Nigerian naira', 'Нигерийская найра', '₦'],
  ['NIO', 2, 'Nicaraguan córdoba', 'Никарагуанская кордоба'],
  ['NOK', 2, 'Norwegian krone', 'Норвежская крона', 'kr'],
  ['NPR', 2, 'Nepalese rupee', 'Непальская рупия'],
  ['NZD', 2, 'New Zealand dollar', 'Новозеландский доллар', 'NZ$'],
  ['OMR', 3, 'Omani rial', 'Оманский риал'],
  ['PAB', 2, 'Panamanian balboa', 'Панамский бальбоа'],
  ['PEN', 2, 'Peruvian sol', 'Перуанский соль'],
  ['PGK', 2, 'Papua New Guinean kina', 'Кина Папуа — Новой Гвинеи'],
  ['PHP', 2, 'Philippine peso', 'Филиппинское песо', '₱'],
  ['PKR', 2, 'Pakistani rupee', 'Пакистанская рупия'],
  ['PLN', 2, 'Polish złoty', 'Польский злотый', 'zł'],
  ['PYG', 0, 'Paraguayan guaraní', 'Парагвайский гуарани', '₲'],
  ['QAR', 2, 'Qatari riyal', 'Катарский риал'],
  ['RON', 2, 'Romanian leu', 'Румынский лей', 'lei'],
  ['RSD', 2, 'Serbian dinar', 'Сербский динар'],
  ['RUB', 2, 'Russian ruble', 'Российский рубль', '₽'],
  ['RWF', 0, 'Rwandan franc', 'Франк Руанды'],
  ['SAR', 2, 'Saudi riyal', 'Саудовский риял'],
  ['SBD', 2, 'Solomon Islands dollar', 'Доллар Соломоновых Островов'],
  ['SCR', 2, 'Seychelles rupee', 'Сейшельская рупия'],
  ['SDG', 2, 'Sudanese pound', 'Суданский фунт'],
  ['SEK', 2, 'Swedish krona', 'Шведская крона', 'kr'],
  ['SGD', 2, 'Singapore dollar', 'Сингапурский доллар', 'S$'],
  ['SHP', 2, 'Saint Helena pound', 'Фунт Святой Елены'],
  ['SLE', 2, 'Sierra Leonean leone', 'Леоне Сьерра-Леоне'],
  ['SOS', 2, 'Somali shilling', 'Сомалийский шиллинг'],
  ['SRD', 2, 'Surinamese dollar', 'Суринамский доллар'],
  ['SSP', 2, 'South Sudanese pound', 'Южносуданский фунт'],
  ['STN', 2, 'São Tomé and Príncipe dobra', 'Добра Сан-Томе и Принсипи'],
  ['SVC', 2, 'Salvadoran colón', 'Сальвадорский колон'],
  ['SYP', 2, 'Syrian pound', 'Сирийский фунт'],
  ['SZL', 2, 'Swazi lilangeni', 'Свазилендский лилангени'],
  ['THB', 2, 'Thai baht', 'Таиландский бат', '฿'],
  ['TJS', 2, 'Tajikistani somoni', 'Таджикский сомони'],
  ['TMT', 2, 'Turkmenistan manat', 'Новый туркменский манат'],
  ['TND', 3, 'Tunisian dinar', 'Тунисский динар'],
  ['TOP', 2, 'Tongan paʻanga', 'Тонганская паанга'],
  ['TRY', 2, 'Turkish lira', 'Турецкая лира', '₺'],
  ['TTD', 2, 'Trinidad and Tobago dollar', 'Доллар Тринидада и Тобаго'],
  ['TWD', 2, 'New Taiwan dollar', 'Новый тайваньский доллар', 'NT$'],
  ['TZS', 2, 'Tanzanian shilling', 'Танзанийский шиллинг'],
  ['UAH', 2, 'Ukrainian hryvnia', 'Украинская гривна', '₴'],
  ['UGX', 0, 'Ugandan shilling', 'Угандийский шиллинг'],
  ['USD', 2, 'US dollar', 'Доллар США', '$'],
  ['UYU', 2, 'Uruguayan peso', 'Уругвайское песо'],
  ['UZS', 2, 'Uzbekistani sum', 'Узбекский сум'],
  ['VED', 2, 'Venezuelan digital bolívar', 'Венесуэльский цифровой боливар'],
  ['VES', 2, 'Venezuelan bolívar', 'Венесуэльский боливар'],
  ['VND', 0, 'Vietnamese đồng', 'Вьетнамский донг', '₫'],
  ['VUV', 0, 'Vanuatu vatu', 'Вату Вануату'],
  ['WST', 2, 'Samoan tālā', 'Самоанская тала'],
  ['XAF', 0, 'Central African CFA franc', 'Франк КФА BEAC'],
  ['XCD', 2, 'East Caribbean dollar', 'Восточно-карибский доллар', 'EC$'],
  ['XCG', 2, 'Caribbean guilder', 'Карибский гульден'],
  ['XOF', 0, 'West African CFA franc', 'Франк КФА BCEAO'],
  ['XPF', 0, 'CFP franc', 'Франк КФП'],
  ['YER', 2, 'Yemeni rial', 'Йеменский риал'],
  ['ZAR', 2, 'South African rand', 'Южноафриканский рэнд', 'R'],
  ['ZMW', 2, 'Zambian kwacha', 'Замбийская квача'],
  ['ZWG', 2, 'Zimbabwe gold', 'Зимбабвийский золотой'],
];

/** Every currency, sorted by code. */
export const CURRENCIES: readonly Currency[] = Object.freeze(
  ROWS.map(([code, exponent, en, ru, symbol]) => Object.freeze(symbol === undefined ? { code, exponent, en, ru } : { code, exponent, en, ru, symbol })),
);

const BY_CODE: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** Codes are matched exactly: the API and the database carry them upper case. */
export function getCurrency(code: string): Currency | undefined {
  return BY_CODE.get(code);
}

export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && BY_CODE.has(code);
}

/** Minor-unit digits of a currency; an unknown code is the caller's input error. */
export function currencyExponent(code: string): 0 | 2 | 3 {
  const currency = BY_CODE.get(code);
  if (!currency) throw new DomainError('currency_unknown', 'currency');
  return currency.exponent;
}

/** The name to show for a currency in the interface language (`cur_description`). */
export function currencyName(code: string, locale: 'en' | 'ru'): string {
  const currency = BY_CODE.get(code);
  if (!currency) throw new DomainError('currency_unknown', 'currency');
  return locale === 'ru' ? currency.ru : currency.en;
}

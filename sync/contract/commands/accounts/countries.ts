// The country list of core.md §3/§5 (E08): nationality, phone prefix and how many digits a mobile
// number has after the prefix. India comes first because almost every family is Indian; the
// rest are the countries the centre's families and facilitators come from most, by name.
// Pure data: the browser and the edge functions both load it.

export interface Country {
  /** ISO 3166 code: two countries can share a prefix (+1, +7), so the code identifies the choice. */
  code: string
  name: string
  nationality: string
  prefix: string
  /** Digits of a mobile number after the prefix. */
  digits: number
  /** Set where mobile numbers vary in length: digits is then the shortest. */
  maxDigits?: number
}

const c = (
  code: string,
  name: string,
  nationality: string,
  prefix: string,
  digits: number,
  maxDigits?: number,
): Country =>
  maxDigits
    ? { code, name, nationality, prefix, digits, maxDigits }
    : { code, name, nationality, prefix, digits }

export const DEFAULT_COUNTRY: Country = c('IN', 'India', 'Indian', '+91', 10)

export const COUNTRIES: readonly Country[] = [
  DEFAULT_COUNTRY,
  c('AR', 'Argentina', 'Argentine', '+54', 10, 11),
  c('AU', 'Australia', 'Australian', '+61', 9),
  c('AT', 'Austria', 'Austrian', '+43', 10, 13),
  c('BH', 'Bahrain', 'Bahraini', '+973', 8),
  c('BD', 'Bangladesh', 'Bangladeshi', '+880', 10),
  c('BY', 'Belarus', 'Belarusian', '+375', 9),
  c('BE', 'Belgium', 'Belgian', '+32', 9),
  c('BT', 'Bhutan', 'Bhutanese', '+975', 8),
  c('BR', 'Brazil', 'Brazilian', '+55', 10, 11),
  c('BG', 'Bulgaria', 'Bulgarian', '+359', 8, 9),
  c('CA', 'Canada', 'Canadian', '+1', 10),
  c('CN', 'China', 'Chinese', '+86', 11),
  c('HR', 'Croatia', 'Croatian', '+385', 8, 9),
  c('CZ', 'Czech Republic', 'Czech', '+420', 9),
  c('DK', 'Denmark', 'Danish', '+45', 8),
  c('EG', 'Egypt', 'Egyptian', '+20', 10),
  c('EE', 'Estonia', 'Estonian', '+372', 7, 8),
  c('FI', 'Finland', 'Finnish', '+358', 9, 10),
  c('FR', 'France', 'French', '+33', 9),
  c('DE', 'Germany', 'German', '+49', 10, 11),
  c('GR', 'Greece', 'Greek', '+30', 10),
  c('HU', 'Hungary', 'Hungarian', '+36', 9),
  c('ID', 'Indonesia', 'Indonesian', '+62', 9, 12),
  c('IR', 'Iran', 'Iranian', '+98', 10),
  c('IE', 'Ireland', 'Irish', '+353', 9),
  c('IL', 'Israel', 'Israeli', '+972', 9),
  c('IT', 'Italy', 'Italian', '+39', 9, 10),
  c('JP', 'Japan', 'Japanese', '+81', 10),
  c('KZ', 'Kazakhstan', 'Kazakh', '+7', 10),
  c('KE', 'Kenya', 'Kenyan', '+254', 9),
  c('KW', 'Kuwait', 'Kuwaiti', '+965', 8),
  c('LV', 'Latvia', 'Latvian', '+371', 8),
  c('LT', 'Lithuania', 'Lithuanian', '+370', 8),
  c('MY', 'Malaysia', 'Malaysian', '+60', 9, 10),
  c('MV', 'Maldives', 'Maldivian', '+960', 7),
  c('MU', 'Mauritius', 'Mauritian', '+230', 8),
  c('MX', 'Mexico', 'Mexican', '+52', 10),
  c('NP', 'Nepal', 'Nepalese', '+977', 10),
  c('NL', 'Netherlands', 'Dutch', '+31', 9),
  c('NZ', 'New Zealand', 'New Zealander', '+64', 8, 10),
  c('NG', 'Nigeria', 'Nigerian', '+234', 10),
  c('NO', 'Norway', 'Norwegian', '+47', 8),
  c('OM', 'Oman', 'Omani', '+968', 8),
  c('PK', 'Pakistan', 'Pakistani', '+92', 10),
  c('PH', 'Philippines', 'Filipino', '+63', 10),
  c('PL', 'Poland', 'Polish', '+48', 9),
  c('PT', 'Portugal', 'Portuguese', '+351', 9),
  c('QA', 'Qatar', 'Qatari', '+974', 8),
  c('RO', 'Romania', 'Romanian', '+40', 9),
  c('RU', 'Russia', 'Russian', '+7', 10),
  c('SA', 'Saudi Arabia', 'Saudi', '+966', 9),
  c('RS', 'Serbia', 'Serbian', '+381', 8, 9),
  c('SC', 'Seychelles', 'Seychellois', '+248', 7),
  c('SG', 'Singapore', 'Singaporean', '+65', 8),
  c('SK', 'Slovakia', 'Slovak', '+421', 9),
  c('SI', 'Slovenia', 'Slovenian', '+386', 8),
  c('ZA', 'South Africa', 'South African', '+27', 9),
  c('KR', 'South Korea', 'South Korean', '+82', 9, 10),
  c('ES', 'Spain', 'Spanish', '+34', 9),
  c('LK', 'Sri Lanka', 'Sri Lankan', '+94', 9),
  c('SE', 'Sweden', 'Swedish', '+46', 9),
  c('CH', 'Switzerland', 'Swiss', '+41', 9),
  c('TH', 'Thailand', 'Thai', '+66', 9),
  c('TR', 'Turkey', 'Turkish', '+90', 10),
  c('UA', 'Ukraine', 'Ukrainian', '+380', 9),
  c('AE', 'United Arab Emirates', 'Emirati', '+971', 9),
  c('GB', 'United Kingdom', 'British', '+44', 10),
  c('US', 'United States', 'American', '+1', 10),
]

export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code)
}

/** Countries using a prefix ('+1' is the United States and Canada); '91' and '+91' both match. */
export function countriesWithPrefix(prefix: string): Country[] {
  const wanted = `+${prefix.replace(/\D/g, '')}`
  return COUNTRIES.filter((country) => country.prefix === wanted)
}

export function isKnownPrefix(prefix: string): boolean {
  return /^\+?\d{1,4}$/.test(prefix.trim()) && countriesWithPrefix(prefix).length > 0
}

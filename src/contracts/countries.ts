/** Countries the product supports for targeting (ISO 3166-1 alpha-2): quests, Monetize campaigns, the account answer. */
export const SUPPORTED_COUNTRIES = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'NO', 'DK', 'FI', 'PL', 'BR', 'MX', 'AR', 'JP', 'KR', 'TW', 'IN', 'ID', 'TH', 'VN', 'PH', 'TR', 'SA', 'AE', 'ZA', 'NZ'];

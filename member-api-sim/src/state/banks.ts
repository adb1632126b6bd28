import type { BankCode } from '@member/shared-core';

export interface Bank {
  code: BankCode;
  en: string;
  th: string;
  /** Logo colours: background and text. */
  color: string;
  ink: string;
}

/** The 17 banks , in the order of shared-core's BANK_CODES. */
export const BANKS: readonly Bank[] = [
  { code: 'KBANK', en: 'Kasikornbank', th: 'ธนาคารกสิกรไทย', color: '#138f2d', ink: '#ffffff' },
  { code: 'SCB', en: 'Siam Commercial Bank', th: 'ธนาคารไทยพาณิชย์', color: '#4e2e7f', ink: '#ffffff' },
  { code: 'KTB', en: 'Krungthai Bank', th: 'ธนาคารกรุงไทย', color: '#1ba5e1', ink: '#ffffff' },
  { code: 'BBL', en: 'Bangkok Bank', th: 'ธนาคารกรุงเทพ', color: '#1e4598', ink: '#ffffff' },
  { code: 'TTB', en: 'TMBThanachart Bank', th: 'ธนาคารทหารไทยธนชาต', color: '#0050f0', ink: '#ffffff' },
  { code: 'BAY', en: 'Bank of Ayudhya (Krungsri)', th: 'ธนาคารกรุงศรีอยุธยา', color: '#fec43b', ink: '#4d3a00' },
  { code: 'KK', en: 'Kiatnakin Phatra Bank', th: 'ธนาคารเกียรตินาคินภัทร', color: '#199cc5', ink: '#ffffff' },
  { code: 'CIMB', en: 'CIMB Thai Bank', th: 'ธนาคารซีไอเอ็มบี ไทย', color: '#7e2f36', ink: '#ffffff' },
  { code: 'TISCO', en: 'TISCO Bank', th: 'ธนาคารทิสโก้', color: '#12549f', ink: '#ffffff' },
  { code: 'UOB', en: 'United Overseas Bank (Thai)', th: 'ธนาคารยูโอบี', color: '#0b3979', ink: '#ffffff' },
  { code: 'TCRB', en: 'Thai Credit Bank', th: 'ธนาคารไทยเครดิต', color: '#0a4ab3', ink: '#ffffff' },
  { code: 'LHB', en: 'Land and Houses Bank', th: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', color: '#6d6e71', ink: '#ffffff' },
  { code: 'ICBC', en: 'ICBC (Thai)', th: 'ธนาคารไอซีบีซี (ไทย)', color: '#c50f1c', ink: '#ffffff' },
  {
    code: 'BAAC',
    en: 'Bank for Agriculture and Agricultural Cooperatives',
    th: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    color: '#4b9b1d',
    ink: '#ffffff',
  },
  { code: 'GSB', en: 'Government Savings Bank', th: 'ธนาคารออมสิน', color: '#eb198d', ink: '#ffffff' },
  { code: 'GHB', en: 'Government Housing Bank', th: 'ธนาคารอาคารสงเคราะห์', color: '#f57d23', ink: '#ffffff' },
  { code: 'IBANK', en: 'Islamic Bank of Thailand', th: 'ธนาคารอิสลามแห่งประเทศไทย', color: '#184615', ink: '#ffffff' },
];

const byCode = new Map<string, Bank>(BANKS.map((bank) => [bank.code, bank]));

export function bankOf(code: string): Bank | undefined {
  return byCode.get(code);
}

export const isBankCode = (code: unknown): code is BankCode => typeof code === 'string' && byCode.has(code);

/** A simple logo: a coloured rounded square with the code in it. */
export function bankLogoSvg(bank: Bank): string {
  const size = bank.code.length > 4 ? 15 : bank.code.length > 3 ? 18 : 22;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${bank.code}">`,
    `<rect x="2" y="2" width="60" height="60" rx="14" fill="${bank.color}"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${bank.ink}">${bank.code}</text>`,
    '</svg>',
  ].join('');
}

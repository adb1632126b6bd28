import type { GuestMessages } from './en-guest';
import { loadFailureText } from '../load-failure';

/** Thai strings a guest's first screens need (login, frame, boot, errors). */
export const thGuest: GuestMessages = {
  app: {
    version: 'เวอร์ชัน {{version}}',
    loading: 'กำลังโหลด…',
    skipToContent: 'ข้ามไปยังเนื้อหา',
  },
  page: {
    login: 'เข้าสู่ระบบ',
    register: 'สมัครสมาชิก',
    profile: 'โปรไฟล์',
    deposit: 'ฝากเงิน',
    withdraw: 'ถอนเงิน',
    history: 'ประวัติ',
    promotion: 'โปรโมชั่น',
    gameuser: 'บัญชีเกม',
    logout: 'ออกจากระบบ',
    slot: 'สล็อต',
    fish: 'ยิงปลา',
    cards: 'ไพ่',
    info: 'บัญชีของฉัน',
  },
  pageBody: {
    comingUp: 'หน้า{{page}}ของสมาชิก {{site}} จะแสดงที่นี่',
  },
  login: {
    heading: 'ยินดีต้อนรับกลับ',
    subheading: 'เข้าสู่ระบบ {{site}}',
    phone: 'เบอร์โทรศัพท์',
    phonePlaceholder: '08x-xxx-xxxx',
    password: 'รหัสผ่าน',
    submit: 'เข้าสู่ระบบ',
    submitting: 'กำลังเข้าสู่ระบบ…',
    slow: 'ระบบตอบสนองช้าในขณะนี้ กำลังเข้าสู่ระบบให้อยู่…',
    cancel: 'หยุดรอ',
    line: 'เข้าสู่ระบบด้วย LINE',
    or: 'หรือ',
    noAccount: 'ยังไม่มีบัญชี?',
    register: 'สมัครสมาชิก',
    showPassword: 'แสดงรหัสผ่าน',
    hidePassword: 'ซ่อนรหัสผ่าน',
    errors: {
      phoneRequired: 'กรุณากรอกเบอร์โทรศัพท์',
      phoneFormat: 'เบอร์โทรศัพท์ต้องมี 10 หลักและขึ้นต้นด้วย 0',
      passwordRequired: 'กรุณากรอกรหัสผ่าน',
      failed: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง',
      unavailable: 'ยังเข้าสู่ระบบไม่ได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
      lineUnavailable: 'ไม่สามารถเข้าสู่ระบบด้วย LINE ได้ในขณะนี้ กรุณาใช้เบอร์โทรศัพท์',
    },
    // Why the member was logged out without asking (session/logout-reason.ts).
    ended: {
      elsewhere: 'คุณออกจากระบบแล้ว เพราะมีการเข้าสู่ระบบด้วยบัญชีนี้จากอุปกรณ์อื่น หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่าน',
      expired: 'เซสชันของคุณหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
      revoked: 'ทางคลับได้ยกเลิกการเข้าสู่ระบบของคุณ กรุณาเข้าสู่ระบบอีกครั้ง หรือติดต่อเราทาง LINE',
      ended: 'เซสชันของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
    },
  },
  prefs: {
    language: 'ภาษา',
    switchToEnglish: 'Switch to English',
    switchToThai: 'เปลี่ยนเป็นภาษาไทย',
    darkMode: 'โหมดมืด',
    lightMode: 'โหมดสว่าง',
    switchToDark: 'เปลี่ยนเป็นโหมดมืด',
    switchToLight: 'เปลี่ยนเป็นโหมดสว่าง',
  },
  landmarks: {
    account: 'บัญชีของคุณ',
  },
  layout: {
    mainMenu: 'เมนูหลัก',
    openMenu: 'เปิดเมนู',
    closeMenu: 'ปิดเมนู',
    contactLine: 'ติดต่อเราทาง LINE',
    lineByDivision: 'LINE ของสาขาคุณ: ดูจากตัวอักษรต้นของยูสเซอร์เกม',
    lineDivision: '{{division}}…',
    lineId: 'LINE ID: {{id}}',
    memberOf: 'สมาชิก {{site}}',
    rights: '© {{year}} {{site}} เล่นอย่างมีสติ สำหรับผู้มีอายุ 18 ปีขึ้นไป',
    signedInAs: 'เข้าสู่ระบบในชื่อ',
  },
  boot: {
    configError: 'การตั้งค่าเว็บไซต์ไม่ถูกต้อง',
    configErrorField: 'พบปัญหาใน {{file}}: {{field}} {{problem}}',
    configErrorHelp: 'กรุณาแจ้งผู้ดูแลเว็บไซต์ สมาชิกสามารถลองใหม่ภายหลัง',
    loadError: 'โหลดเว็บไซต์ไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่อแล้วลองใหม่',
    retry: 'ลองใหม่',
  },
  fallback: {
    notice: 'กำลังแสดงดีไซน์มาตรฐาน เนื่องจากดีไซน์ของแบรนด์นี้ไม่พร้อมใช้งานชั่วคราว',
    crashed: 'หน้านี้แสดงในดีไซน์ของแบรนด์ไม่ได้ จึงแสดงด้วยดีไซน์มาตรฐานแทน',
    reload: 'โหลดใหม่',
  },
  api: {
    errors: {
      offline: 'ไม่มีการเชื่อมต่อ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่',
      timeout: 'เซิร์ฟเวอร์ตอบสนองช้าเกินไป กรุณาลองใหม่',
      http: 'เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่อีกครั้งในภายหลัง',
      unauthorized: 'เซสชันของคุณหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
      undecryptable: 'ไม่สามารถอ่านข้อมูลจากเซิร์ฟเวอร์ได้ กรุณาลองใหม่',
      unparsable: 'ได้รับข้อมูลที่ไม่ถูกต้องจากเซิร์ฟเวอร์ กรุณาลองใหม่',
      shape: 'ได้รับข้อมูลจากเซิร์ฟเวอร์ไม่ครบถ้วน กรุณาลองใหม่',
      cancelled: 'หยุดรอแล้ว ลองใหม่ได้เมื่อพร้อม',
    },
  },
  logout: {
    inProgress: 'กำลังออกจากระบบ…',
  },
  notFound: {
    message: 'Page Not Found: {{path}}',
    help: 'ไม่พบหน้าที่คุณต้องการ ตรวจสอบลิงก์ที่ได้รับอีกครั้ง',
    home: 'ไปหน้าเข้าสู่ระบบ',
    profile: 'ไปที่โปรไฟล์ของฉัน',
  },
  // The built-in page shown when a page's code could not be loaded (same text as when no strings are there).
  loadFailure: loadFailureText.th,
  // A new version of the site has been deployed and is ready: offered, never forced (the host's update rule).
  update: {
    ready: 'เว็บไซต์มีเวอร์ชันใหม่พร้อมใช้งาน',
    reload: 'โหลดใหม่',
  },
  sessionCheck: {
    retrying: 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กำลังลองใหม่…',
    slow: 'ระบบตอบสนองช้าในขณะนี้ กำลังตรวจสอบเซสชันของคุณ…',
    unreachable: 'ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้',
    kept: 'คุณยังอยู่ในระบบ ไม่มีข้อมูลใดสูญหาย',
    retry: 'ลองใหม่',
    cancel: 'หยุดรอ',
  },
};

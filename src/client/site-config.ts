/** Site configuration (spec §1, §9; Saber website.js). */
export const siteConfig = {
  title: 'Atrium',
  logo: 'A',
  /** Prefix of every browser storage key. */
  key: 'saber',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  tenantId: '000000',
  captchaMode: false,
  switchMode: false,
  lockPage: '/lock',
  /** Seconds after which the token is refreshed (see session/token-timing.ts for the test override). */
  tokenTime: 3000,
  tokenCheckIntervalMs: 10_000,
  tokenHeader: 'Blade-Auth',
  statusWhiteList: [] as number[],
  firstPage: { label: '首页', value: '/wel/index', i18n: 'dashboard' },
  menuIconDefault: 'iconfont icon-caidan',
  /** Third-party sign-in starts here: `<authUrl>/<source>?tenantId=…`. */
  authUrl: '/api/blade-auth/oauth/render',
  dialogWidth: 880,
  chunkLoadTimeoutMs: 120_000,
  lockDelayMs: 100,
  logBadgeMax: 99,
  defaultTheme: 'theme-bule',
  defaultColor: '#409EFF',
  defaultLanguage: 'zh',
  /** Avatar uploads: JPG/PNG, at most this many bytes (500 kB). */
  avatarMaxBytes: 500 * 1024,
  phoneLength: 11,
  /** Seconds before another SMS code may be requested. */
  smsCountdownSeconds: 60,
  /** Notice popover: simulated load of one page (ms), width and list height (px). */
  noticeLoadMs: 1000,
  noticeWidth: 350,
  noticeListHeight: 300,
  /** Screen size classes: 3 ≥ 1200, 2 ≥ 992, 1 ≥ 768, else 0. */
  breakpoints: [768, 992, 1200],
  menuWidth: 250,
} as const;

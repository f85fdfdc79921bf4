import { createHash } from 'node:crypto';
import { PAYMENT_KIT_DID, STORE_DID } from '../../context.ts';
import { DEMO_DIDS } from '../../service/data/demo-wallets.ts';

/**
 * The store's seed (migration 'store:002-seed'): 6 categories and 48 blocklets with stable DIDs, dates and
 * downloads so tests and screenshots are reproducible. The model follows platform-header-store.md B.2/B.3:
 * a row (IBlocklet) holding a meta (IBlockletMeta) plus per-version records and a readme per language.
 */

/** A seed category: its id, its English and Chinese names (the platform requires both) and its names in the app's other languages. */
export type SeedCategory = { id: string; en: string; zh: string; more: Record<string, string> };
export const SEED_CATEGORIES: SeedCategory[] = [
  {
    id: 'payments',
    en: 'Payments',
    zh: '支付',
    more: {
      ja: '決済',
      ko: '결제',
      es: 'Pagos',
      fr: 'Paiements',
      de: 'Zahlungen',
      'pt-BR': 'Pagamentos',
      ru: 'Платежи',
      ar: 'المدفوعات',
    },
  },
  {
    id: 'ai',
    en: 'AI',
    zh: '人工智能',
    more: { ja: 'AI', ko: 'AI', es: 'IA', fr: 'IA', de: 'KI', 'pt-BR': 'IA', ru: 'ИИ', ar: 'الذكاء الاصطناعي' },
  },
  {
    id: 'devtools',
    en: 'Developer Tools',
    zh: '开发者工具',
    more: {
      ja: '開発者ツール',
      ko: '개발자 도구',
      es: 'Herramientas para desarrolladores',
      fr: 'Outils de développement',
      de: 'Entwicklerwerkzeuge',
      'pt-BR': 'Ferramentas para desenvolvedores',
      ru: 'Инструменты разработчика',
      ar: 'أدوات المطورين',
    },
  },
  {
    id: 'content',
    en: 'Content & Blogging',
    zh: '内容与博客',
    more: {
      ja: 'コンテンツとブログ',
      ko: '콘텐츠 및 블로그',
      es: 'Contenido y blogs',
      fr: 'Contenu et blogs',
      de: 'Inhalte & Blogs',
      'pt-BR': 'Conteúdo e blogs',
      ru: 'Контент и блоги',
      ar: 'المحتوى والمدونات',
    },
  },
  {
    id: 'storage',
    en: 'Storage & Data',
    zh: '存储与数据',
    more: {
      ja: 'ストレージとデータ',
      ko: '스토리지 및 데이터',
      es: 'Almacenamiento y datos',
      fr: 'Stockage et données',
      de: 'Speicher & Daten',
      'pt-BR': 'Armazenamento e dados',
      ru: 'Хранение и данные',
      ar: 'التخزين والبيانات',
    },
  },
  {
    id: 'identity',
    en: 'Identity & Security',
    zh: '身份与安全',
    more: {
      ja: 'ID とセキュリティ',
      ko: 'ID 및 보안',
      es: 'Identidad y seguridad',
      fr: 'Identité et sécurité',
      de: 'Identität & Sicherheit',
      'pt-BR': 'Identidade e segurança',
      ru: 'Идентификация и безопасность',
      ar: 'الهوية والأمان',
    },
  },
];

export const ARCBLOCK = { did: 'z1ArcBlockOfficialTeam9Kx3Lm5Np7Qr2St4', fullName: 'ArcBlock' };
const DANA = { did: DEMO_DIDS.dana, fullName: 'Dana Developer' };
const MIA = { did: 'z1MiaChenIndieDev2Fg4Hj6Kl8Zx1Cv3Bn5', fullName: 'Mia Chen' };
const SAM = { did: 'z1SamLeeStudio7Qw9Er2Ty4Ui6Op8As1Df3', fullName: 'Sam Lee' };

// [name, title, category, description, zh description, downloads, official, price (0 = free), owner]
type Row = [string, string, string, string, string, number, boolean, number, { did: string; fullName: string }];
const ROWS: Row[] = [
  [
    'payment-kit',
    'Payment Kit',
    'payments',
    'Accept payments, subscriptions and donations in crypto and fiat, with a hosted checkout and customer portal.',
    '接受加密货币和法币的付款、订阅和打赏，提供托管结账和客户门户。',
    128_400,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'invoice-printer',
    'Invoice Printer',
    'payments',
    'Printable, localized PDF invoices for every payment, with your logo and tax details.',
    '为每笔付款生成可打印、本地化的 PDF 发票，带上你的标志和税务信息。',
    8_712,
    false,
    0,
    MIA,
  ],
  [
    'tip-jar',
    'Tip Jar',
    'payments',
    'A friendly donate button for blogs and docs; supporters pick an amount or type their own.',
    '为博客和文档添加友好的打赏按钮；支持者可选择金额或自定义。',
    15_230,
    false,
    0,
    SAM,
  ],
  [
    'subscription-insights',
    'Subscription Insights',
    'payments',
    'MRR, churn and cohort charts for your Payment Kit subscriptions.',
    '为你的 Payment Kit 订阅提供 MRR、流失率和同期群图表。',
    3_904,
    false,
    19,
    DANA,
  ],
  [
    'credit-meter',
    'Credit Meter',
    'payments',
    'Sell prepaid credits and meter usage per API call, with auto top-up.',
    '销售预付积分并按 API 调用计量用量，支持自动充值。',
    6_118,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'aigne-studio',
    'AIGNE Studio',
    'ai',
    'Build, test and ship AI agents with a visual editor and versioned prompts.',
    '用可视化编辑器和版本化提示词构建、测试并发布 AI 智能体。',
    52_104,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'image-bin',
    'Image Bin',
    'ai',
    'Generate and host images with one click, with prompt history and sharing.',
    '一键生成并托管图片，保留提示词历史并可分享。',
    12_044,
    false,
    0,
    SAM,
  ],
  [
    'doc-smith',
    'DocSmith',
    'ai',
    'Turn a repository into readable docs in many languages, kept in sync on every commit.',
    '把代码仓库变成多语言可读文档，并随每次提交保持同步。',
    9_876,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'chat-widget',
    'Chat Widget',
    'ai',
    'An embeddable support chat that answers from your docs and hands over to a human.',
    '可嵌入的客服聊天组件，基于你的文档回答并可转人工。',
    4_321,
    false,
    29,
    MIA,
  ],
  [
    'prompt-lab',
    'Prompt Lab',
    'ai',
    'Compare prompts side by side across models and keep the winners.',
    '跨模型并排比较提示词，保留效果最好的版本。',
    2_210,
    false,
    0,
    DANA,
  ],
  [
    'discuss-kit',
    'Discuss Kit',
    'devtools',
    'Forums, blogs and comments for your community, with moderation tools.',
    '为你的社区提供论坛、博客和评论功能，并附带审核工具。',
    44_110,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'snippet-vault',
    'Snippet Vault',
    'devtools',
    'Share code snippets with syntax highlighting and short links.',
    '分享带语法高亮和短链接的代码片段。',
    1_904,
    false,
    0,
    DANA,
  ],
  [
    'api-playground',
    'API Playground',
    'devtools',
    'Try any HTTP API from the browser, save requests and share collections.',
    '在浏览器中调试任意 HTTP API，保存请求并分享集合。',
    7_455,
    false,
    0,
    SAM,
  ],
  [
    'status-page',
    'Status Page',
    'devtools',
    'A public status page with uptime checks and incident updates.',
    '带可用性监测和事故通报的公开状态页。',
    5_560,
    false,
    9,
    MIA,
  ],
  [
    'log-viewer',
    'Log Viewer',
    'devtools',
    'Tail and search the logs of every component from one screen.',
    '在一个界面中实时查看并搜索所有组件的日志。',
    3_019,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'blog-press',
    'Blog Press',
    'content',
    'A fast, beautiful blog with drafts, tags and a newsletter.',
    '快速美观的博客，支持草稿、标签和新闻通讯。',
    21_870,
    false,
    0,
    MIA,
  ],
  [
    'media-kit',
    'Media Kit',
    'content',
    'Upload, crop and serve images and video from one media library.',
    '在一个媒体库中上传、裁剪并分发图片和视频。',
    18_402,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'course-hub',
    'Course Hub',
    'content',
    'Sell online courses with lessons, quizzes and certificates.',
    '销售在线课程，包含课时、测验和证书。',
    2_987,
    false,
    49,
    SAM,
  ],
  [
    'wiki-book',
    'Wiki Book',
    'content',
    'A team wiki with Markdown pages, history and full-text search.',
    '支持 Markdown 页面、历史记录和全文搜索的团队维基。',
    6_640,
    false,
    0,
    DANA,
  ],
  [
    'newsletter',
    'Newsletter',
    'content',
    'Collect subscribers and send beautiful emails from your app.',
    '收集订阅者，并从你的应用发送精美邮件。',
    4_102,
    false,
    0,
    MIA,
  ],
  [
    'did-spaces',
    'DID Spaces',
    'storage',
    'Personal data storage that follows you across apps, with fine-grained access control.',
    '随你跨应用迁移的个人数据存储，支持细粒度访问控制。',
    98_310,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'backup-pilot',
    'Backup Pilot',
    'storage',
    'Scheduled backups of every component to your own storage.',
    '把每个组件定时备份到你自己的存储。',
    5_008,
    false,
    15,
    SAM,
  ],
  [
    'sheet-db',
    'Sheet DB',
    'storage',
    'A spreadsheet that is also a database, with an HTTP API.',
    '既是电子表格也是数据库，并提供 HTTP API。',
    3_333,
    false,
    0,
    DANA,
  ],
  [
    'file-drop',
    'File Drop',
    'storage',
    'Share large files with expiring links and download receipts.',
    '通过会过期的链接分享大文件，并获得下载回执。',
    7_890,
    false,
    0,
    MIA,
  ],
  [
    'analytics-lite',
    'Analytics Lite',
    'storage',
    'Privacy-friendly page analytics without cookies.',
    '无需 Cookie 的隐私友好型页面分析。',
    11_250,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'did-connect',
    'DID Connect',
    'identity',
    'Passwordless sign-in with DID Wallet, passports and verifiable credentials.',
    '使用 DID Wallet、通行证和可验证凭证进行无密码登录。',
    76_540,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'did-names',
    'DID Names',
    'identity',
    'Human-readable names for your DIDs and apps.',
    '为你的 DID 和应用提供易读的名称。',
    22_780,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'vc-issuer',
    'VC Issuer',
    'identity',
    'Issue verifiable credentials for memberships, tickets and badges.',
    '为会员、门票和徽章签发可验证凭证。',
    2_456,
    false,
    0,
    SAM,
  ],
  [
    'guard-rail',
    'Guard Rail',
    'identity',
    'Rate limits, IP rules and bot protection for every route.',
    '为每个路由提供限流、IP 规则和机器人防护。',
    1_789,
    false,
    25,
    DANA,
  ],
  [
    'form-builder',
    'Form Builder',
    'content',
    'Drag-and-drop forms with validation, file uploads and email alerts.',
    '拖拽式表单，支持校验、文件上传和邮件提醒。',
    9_120,
    false,
    0,
    MIA,
  ],
  [
    'event-tickets',
    'Event Tickets',
    'payments',
    'Sell event tickets as NFTs and check guests in with a QR code.',
    '以 NFT 形式销售活动门票，并用二维码签到。',
    4_480,
    false,
    12,
    SAM,
  ],
  [
    'shop-front',
    'Shop Front',
    'payments',
    'A small online shop with products, cart and Payment Kit checkout.',
    '带商品、购物车和 Payment Kit 结账的小型网店。',
    7_015,
    false,
    0,
    DANA,
  ],
  [
    'translate-bot',
    'Translate Bot',
    'ai',
    'Translate pages and docs with AI and review every change before it ships.',
    '用 AI 翻译页面和文档，并在发布前审核每处修改。',
    5_702,
    false,
    0,
    MIA,
  ],
  [
    'voice-notes',
    'Voice Notes',
    'ai',
    'Record voice notes and get searchable transcripts and summaries.',
    '录制语音笔记，获得可搜索的文字稿和摘要。',
    3_118,
    false,
    9,
    SAM,
  ],
  [
    'code-review-ai',
    'Code Review AI',
    'ai',
    'Automatic review comments on every pull request.',
    '为每个拉取请求自动生成审查评论。',
    2_640,
    false,
    0,
    DANA,
  ],
  [
    'cron-runner',
    'Cron Runner',
    'devtools',
    'Schedule HTTP calls and scripts with retries and run history.',
    '定时调用 HTTP 和脚本，支持重试和运行历史。',
    2_905,
    false,
    0,
    SAM,
  ],
  [
    'feature-flags',
    'Feature Flags',
    'devtools',
    'Roll out features gradually with flags per user, role or org.',
    '按用户、角色或组织逐步发布功能开关。',
    3_777,
    false,
    0,
    MIA,
  ],
  [
    'webhook-relay',
    'Webhook Relay',
    'devtools',
    'Receive, inspect and replay webhooks during development.',
    '在开发时接收、查看和重放 Webhook。',
    4_205,
    false,
    0,
    DANA,
  ],
  [
    'photo-gallery',
    'Photo Gallery',
    'content',
    'Beautiful albums with EXIF details, sharing and downloads.',
    '带 EXIF 信息、分享和下载的精美相册。',
    6_333,
    false,
    0,
    SAM,
  ],
  [
    'podcast-host',
    'Podcast Host',
    'content',
    'Publish podcast episodes with RSS feeds and listener stats.',
    '发布播客节目，提供 RSS 订阅和收听统计。',
    2_118,
    false,
    5,
    MIA,
  ],
  [
    'docs-site',
    'Docs Site',
    'content',
    'Versioned documentation with search and many languages.',
    '支持搜索和多语言的版本化文档站点。',
    12_870,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'object-store',
    'Object Store',
    'storage',
    'S3-compatible object storage on your own server.',
    '运行在你自己服务器上的 S3 兼容对象存储。',
    8_404,
    false,
    0,
    SAM,
  ],
  [
    'kv-cache',
    'KV Cache',
    'storage',
    'A fast key-value cache with expiry, shared by every component.',
    '带过期时间、供所有组件共享的高速键值缓存。',
    1_566,
    false,
    0,
    DANA,
  ],
  [
    'data-export',
    'Data Export',
    'storage',
    'Export any table to CSV, JSON or Parquet on a schedule.',
    '定时把任意数据表导出为 CSV、JSON 或 Parquet。',
    2_290,
    false,
    19,
    MIA,
  ],
  [
    'passkey-login',
    'Passkey Login',
    'identity',
    'Sign in with passkeys next to DID Wallet.',
    '在 DID Wallet 之外支持通行密钥登录。',
    10_450,
    true,
    0,
    ARCBLOCK,
  ],
  [
    'audit-trail',
    'Audit Trail',
    'identity',
    'Who did what and when, for every admin action.',
    '记录每个管理操作的执行人、内容和时间。',
    3_052,
    false,
    0,
    SAM,
  ],
  [
    'kyc-check',
    'KYC Check',
    'identity',
    'Verify identities with document and liveness checks.',
    '通过证件和活体检测核验身份。',
    1_234,
    false,
    39,
    MIA,
  ],
  [
    'blocklet-store',
    'Blocklet Store',
    'devtools',
    'Publish, review and discover blocklets; the store you are looking at.',
    '发布、审核和发现 Blocklet；也就是你正在浏览的商店。',
    33_021,
    true,
    0,
    ARCBLOCK,
  ],
];

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}
export function seedDid(name: string): string {
  if (name === 'payment-kit') return PAYMENT_KIT_DID;
  if (name === 'blocklet-store') return STORE_DID;
  return `z8i${base58(createHash('sha256').update(`sandbox-store:${name}`).digest()).slice(0, 32)}`;
}

const DAY = 86_400_000;
const EPOCH = Date.UTC(2026, 3, 20, 9, 30); // the seed's "now": 2026-04-20

export type SeedBlocklet = {
  did: string;
  name: string;
  title: string;
  description: string;
  descriptionZh: string;
  category: string;
  downloads: number;
  official: boolean;
  price: number;
  owner: { did: string; fullName: string };
  versions: Array<{ version: string; publishedAt: string; changeLog: string }>;
  createdAt: string;
  readme: { en: string; zh: string };
};

function readme(r: Row): { en: string; zh: string } {
  const [, title, category, desc, descZh, , , price] = r;
  const cat = SEED_CATEGORIES.find((c) => c.id === category)!;
  const en = `# ${title}

${desc}

## Features

- Works out of the box: add it to your app and open its mount point.
- Fits in: follows your app's theme, languages and navigation.
- Yours: data stays in your app and your DID Space.

## Getting started

1. Open **${title}** in the store and press **Launch**.
2. Pick the app to install it into.
3. Follow the setup steps on the first screen.

## Pricing

${price ? `One-time purchase: **${price} USD**.` : 'Free and open source.'}

Category: ${cat.en}.
`;
  const zh = `# ${title}

${descZh}

## 功能

- 开箱即用：添加到你的应用后即可访问。
- 融为一体：跟随应用的主题、语言和导航。
- 数据归你：数据保存在你的应用和 DID Space 中。

## 快速开始

1. 在商店中打开 **${title}**，点击 **启动**。
2. 选择要安装到的应用。
3. 按照首屏的步骤完成设置。

## 价格

${price ? `一次性购买：**${price} USD**。` : '免费且开源。'}

分类：${cat.zh}。
`;
  return { en, zh };
}

export const SEED_BLOCKLETS: SeedBlocklet[] = ROWS.map((r, i) => {
  const [name, title, category, description, descriptionZh, downloads, official, price, owner] = r;
  const major = 1 + (i % 3);
  const minor = (i * 7) % 12;
  const patches = 2 + (i % 3);
  const lastPublished = EPOCH - ((i * 5) % 29) * DAY - i * 3_600_000;
  const createdAt = EPOCH - (120 + i * 9) * DAY;
  const versions = Array.from({ length: patches }, (_, k) => {
    const patch = k;
    return {
      version: `${major}.${minor}.${patch}`,
      publishedAt: new Date(lastPublished - (patches - 1 - k) * 11 * DAY).toISOString(),
      changeLog: k === 0 ? 'First release.' : `Fixes and polish (${k}).`,
    };
  });
  return {
    did: seedDid(name),
    name,
    title,
    description,
    descriptionZh,
    category,
    downloads,
    official,
    price,
    owner,
    versions,
    createdAt: new Date(createdAt).toISOString(),
    readme: readme(r),
  };
});

/**
 * The Products menu (spec §2): a static catalog of the provider's sibling products in two theme families, with its
 * labels in en, zh, zh-TW and ja (the catalog's own languages; the rest of the header is en/zh). Loaded lazily.
 *
 * Variant 1 (ArcBlock): Applications, Components, Compute/Storage, Identity.
 * Variant 2 (AIGNE): Applications, Framework & tools, Models adapters.
 * Links carry the language in the path and, off this origin, the tracking parameters (blocklet.ts withTracking,
 * passed in by the header so this lazy chunk does not share a chunk with the first paint).
 */

export type ProductLang = 'en' | 'zh' | 'zh-TW' | 'ja';
type L = Record<ProductLang, string>;
export type Product = { name: string; description: L; path: string; icon?: string };
export type ProductGroup = { key: string; title: L; base: string; items: Product[] };

export const PRODUCT_COLUMN_MIN = 260;
export const PRODUCT_PANEL_PADDING = 64;

const l = (en: string, zh: string, tw: string, ja: string): L => ({ en, zh, 'zh-TW': tw, ja });
const ARC = 'https://www.arcblock.io';
const AIGNE = 'https://www.aigne.io';

/** One catalogue row: name, icon, path, then the one-line description in en, zh, zh-TW, ja. */
type Row = [name: string, icon: string, path: string, en: string, zh: string, tw: string, ja: string];
/** One group: key, title in en, zh, zh-TW, ja, and its rows. */
type GroupDef = [key: string, title: [string, string, string, string], rows: Row[]];

const APPS: GroupDef[1] = ['Applications', '应用', '應用', 'アプリケーション'];

const ARCBLOCK: GroupDef[] = [
  [
    'applications',
    APPS,
    [
      [
        'NFT Studio',
        'tabler:photo',
        '/nft-studio',
        'Create and sell NFTs without code',
        '无代码创建和销售 NFT',
        '無程式碼建立與銷售 NFT',
        'コード不要で NFT を作成・販売',
      ],
      [
        'Creator Studio',
        'tabler:pencil',
        '/creator-studio',
        'Publish and monetize your content',
        '发布内容并获得收益',
        '發布內容並獲得收益',
        'コンテンツを公開して収益化',
      ],
      [
        'AIGNE',
        'tabler:robot',
        '/aigne',
        'Build AI-native apps and agents',
        '构建 AI 原生应用和智能体',
        '建構 AI 原生應用與智能體',
        'AI ネイティブなアプリとエージェントを構築',
      ],
      [
        'ArcSphere',
        'tabler:world',
        '/arcsphere',
        'The AI browser for the open web',
        '面向开放网络的 AI 浏览器',
        '面向開放網路的 AI 瀏覽器',
        'オープンウェブのための AI ブラウザ',
      ],
      [
        'Blocklet Launcher',
        'tabler:rocket',
        '/launcher',
        'Launch blocklets in one click',
        '一键启动 Blocklet',
        '一鍵啟動 Blocklet',
        'ワンクリックで Blocklet を起動',
      ],
    ],
  ],
  [
    'components',
    ['Components', '组件', '元件', 'コンポーネント'],
    [
      [
        'Payment Kit',
        'tabler:credit-card',
        '/payment-kit',
        'Payments and subscriptions for apps',
        '为应用提供支付和订阅',
        '為應用提供支付與訂閱',
        'アプリの決済とサブスクリプション',
      ],
      [
        'Blocklet Store',
        'tabler:building-store',
        '/blocklet-store',
        'Discover and distribute blocklets',
        '发现和分发 Blocklet',
        '探索與分發 Blocklet',
        'Blocklet の発見と配布',
      ],
      [
        'Web3 Kit',
        'tabler:box',
        '/web3-kit',
        'Web3 building blocks for any app',
        '适用于任何应用的 Web3 组件',
        '適用於任何應用的 Web3 元件',
        'あらゆるアプリのための Web3 部品',
      ],
      [
        'Blocklet Framework',
        'tabler:stack-2',
        '/blocklet-framework',
        'Build and ship decentralized apps',
        '构建并发布去中心化应用',
        '建構並發布去中心化應用',
        '分散型アプリを構築して公開',
      ],
    ],
  ],
  [
    'computeStorage',
    ['Compute/Storage', '计算/存储', '運算/儲存', 'コンピュート/ストレージ'],
    [
      [
        'DID Spaces',
        'tabler:database',
        '/did-spaces',
        'Personal data storage you control',
        '由你掌控的个人数据存储',
        '由你掌控的個人資料儲存',
        '自分で管理する個人データストレージ',
      ],
      [
        'ABT Network',
        'tabler:network',
        '/abt-network',
        'Fast, low-cost blockchain network',
        '快速、低成本的区块链网络',
        '快速、低成本的區塊鏈網路',
        '高速・低コストのブロックチェーン',
      ],
      [
        'Blocklet Server',
        'tabler:server',
        '/blocklet-server',
        'Run blocklets on your own server',
        '在你自己的服务器上运行 Blocklet',
        '在你自己的伺服器上執行 Blocklet',
        '自分のサーバーで Blocklet を実行',
      ],
      [
        'OCAP',
        'tabler:link',
        '/ocap',
        'Open chain access protocol',
        '开放链访问协议',
        '開放鏈存取協議',
        'オープンチェーンアクセスプロトコル',
      ],
    ],
  ],
  [
    'identity',
    ['Identity', '身份', '身分', 'アイデンティティ'],
    [
      ['DID', 'tabler:id', '/did', 'Decentralized identifiers', '去中心化标识符', '去中心化識別碼', '分散型識別子'],
      [
        'DID Wallet',
        'tabler:wallet',
        '/did-wallet',
        'Your identity and assets in one wallet',
        '一个钱包管理身份和资产',
        '一個錢包管理身分與資產',
        'ID と資産を 1 つのウォレットで',
      ],
      [
        'DID Names',
        'tabler:at',
        '/did-names',
        'Human-readable names for DIDs',
        '为 DID 提供易读的名称',
        '為 DID 提供易讀的名稱',
        'DID のための読みやすい名前',
      ],
      ['VC', 'tabler:certificate', '/vc', 'Verifiable credentials', '可验证凭证', '可驗證憑證', '検証可能な資格情報'],
      [
        'DID Connect',
        'tabler:plug-connected',
        '/did-connect',
        'Passwordless sign-in with DIDs',
        '使用 DID 无密码登录',
        '使用 DID 無密碼登入',
        'DID でパスワードレスにサインイン',
      ],
    ],
  ],
];

const AIGNE_DEF: GroupDef[] = [
  [
    'applications',
    APPS,
    [
      [
        'ArcSphere',
        'tabler:world',
        '/arcsphere',
        'The AI browser for the open web',
        '面向开放网络的 AI 浏览器',
        '面向開放網路的 AI 瀏覽器',
        'オープンウェブのための AI ブラウザ',
      ],
      [
        'Aistro',
        'tabler:stars',
        '/aistro',
        'AI agents for your daily work',
        '帮你处理日常工作的 AI 智能体',
        '幫你處理日常工作的 AI 智能體',
        '日々の仕事のための AI エージェント',
      ],
      [
        'CodeSmith',
        'tabler:code',
        '/codesmith',
        'Write and review code with AI',
        '用 AI 编写和审查代码',
        '用 AI 撰寫與審查程式碼',
        'AI でコードを書いてレビュー',
      ],
      [
        'DocSmith',
        'tabler:file-text',
        '/docsmith',
        'Generate documentation from code',
        '从代码生成文档',
        '從程式碼產生文件',
        'コードからドキュメントを生成',
      ],
      [
        'WebSmith',
        'tabler:world-www',
        '/websmith',
        'Build websites with AI',
        '用 AI 构建网站',
        '用 AI 建構網站',
        'AI でウェブサイトを構築',
      ],
      [
        'ImageSmith',
        'tabler:photo',
        '/imagesmith',
        'Create images with AI',
        '用 AI 创作图片',
        '用 AI 創作圖片',
        'AI で画像を作成',
      ],
    ],
  ],
  [
    'frameworkTools',
    ['Framework & tools', '框架与工具', '框架與工具', 'フレームワークとツール'],
    [
      [
        'CLI',
        'tabler:terminal-2',
        '/cli',
        'Create and run agents from the terminal',
        '在终端创建和运行智能体',
        '在終端機建立與執行智能體',
        'ターミナルからエージェントを作成・実行',
      ],
      [
        'Observability',
        'tabler:chart-line',
        '/observability',
        'Trace and debug agent runs',
        '追踪和调试智能体运行',
        '追蹤與除錯智能體執行',
        'エージェントの実行を追跡・デバッグ',
      ],
      [
        'Studio',
        'tabler:layout',
        '/studio',
        'Design agents visually',
        '可视化设计智能体',
        '視覺化設計智能體',
        'エージェントを視覚的に設計',
      ],
      [
        'Framework',
        'tabler:stack-2',
        '/framework',
        'The open-source agent framework',
        '开源智能体框架',
        '開源智能體框架',
        'オープンソースのエージェントフレームワーク',
      ],
    ],
  ],
  [
    'modelsAdapters',
    ['Models adapters', '模型适配器', '模型轉接器', 'モデルアダプター'],
    [
      [
        'Hub',
        'tabler:cloud',
        '/hub',
        'One gateway to many AI models',
        '通往众多 AI 模型的统一入口',
        '通往眾多 AI 模型的統一入口',
        '多数の AI モデルへの単一ゲートウェイ',
      ],
    ],
  ],
];

/** Turns the table of one theme family into groups: every group and entry is built the same way. */
const build = (base: string, defs: GroupDef[]): ProductGroup[] =>
  defs.map(([key, title, rows]) => ({
    key,
    title: l(...title),
    base,
    items: rows.map(([name, icon, path, ...d]) => ({ name, icon, path, description: l(...d) })),
  }));

export const ARCBLOCK_GROUPS: ProductGroup[] = build(ARC, ARCBLOCK);
export const AIGNE_GROUPS: ProductGroup[] = build(AIGNE, AIGNE_DEF);

export const groupsFor = (variant: 1 | 2): ProductGroup[] => (variant === 2 ? AIGNE_GROUPS : ARCBLOCK_GROUPS);

const LANG_PATH: Record<ProductLang, string> = { en: 'en', zh: 'zh', 'zh-TW': 'zh-tw', ja: 'ja' };

/** The link of a product: the language in the path, tracking parameters for another origin. */
export function productHref(
  group: ProductGroup,
  p: Product,
  lang: ProductLang,
  track: (link: string, section?: string) => string,
  section = 'header',
): string {
  return track(`${group.base}/${LANG_PATH[lang]}${p.path}`, section);
}

/** 1, 2 or 3 columns of at least 260 px, plus 64 px of padding, for a viewport width. */
export const productColumns = (viewportWidth: number): 1 | 2 | 3 =>
  Math.max(1, Math.min(3, Math.floor((viewportWidth - PRODUCT_PANEL_PADDING) / PRODUCT_COLUMN_MIN))) as 1 | 2 | 3;

/** Products menu label in the catalog's languages . */
export const PRODUCTS_LABEL: Record<'en' | 'zh' | 'zh-TW' | 'ja', string> = {
  en: 'Products',
  zh: '产品',
  'zh-TW': '產品',
  ja: '製品',
};

/** The catalog language for a raw locale tag: ja, zh-TW (zh-Hant, tw), zh, else en. */
export function productLang(tag: string | null | undefined): 'en' | 'zh' | 'zh-TW' | 'ja' {
  const t = String(tag ?? '').toLowerCase();
  if (t.startsWith('ja')) return 'ja';
  if (t === 'tw' || t.startsWith('zh-tw') || t.startsWith('zh-hant') || t.startsWith('zh-hk')) return 'zh-TW';
  if (t.startsWith('zh')) return 'zh';
  return 'en';
}

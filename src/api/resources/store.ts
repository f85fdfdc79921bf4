/** Blocklet store API (platform-header-store.md B.2), under the store component's mount point (default /store/). */
import { provideResource } from '../lazy.ts';
import { array, number, record, string, type as struct } from 'superstruct';
import type { Transport } from '../http.ts';
import { StoreBlockletStruct, StoreCategoriesStruct, StoreExploreStruct, StoreListStruct } from '../schemas.ts';
import type { StoreBlocklet, StoreCategory, StoreExploreSection, StoreList, StoreListParams } from '../types.ts';

/** IVersion (B.3): one release of a blocklet. */
export type StoreVersionStatus =
  'DRAFT' | 'PENDING_REVIEW' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED' | 'PUBLISHED' | 'CANCELLED';
export type StoreVersion = {
  id?: string;
  version: string;
  status: StoreVersionStatus | (string & {});
  changeLog?: string;
  note?: string | null;
  createdAt?: string;
  publishedAt?: string | null;
};
/** GET /api/blocklets/:did[/:version]/info. */
export type StoreBlockletInfo = {
  readme?: Record<string, string>;
  version?: StoreVersion;
  deps?: unknown[];
  extensions?: StoreBlocklet[];
  authorBlocklets?: StoreBlocklet[];
  categoriesBlocklets?: StoreBlocklet[];
};

/** A row of the developer / console lists (IBlocklet + meta + its versions). */
export type StoreManagedBlocklet = {
  id: string;
  did: string;
  meta: StoreBlocklet;
  status: 'normal' | 'blocked' | (string & {});
  blockReason?: string | null;
  permission: 'Public' | 'Private' | (string & {});
  remark?: string;
  reviewType?: string;
  ownerDid?: string;
  currentVersion?: { version: string } | null;
  reviewVersion?: StoreVersion | null;
  versions?: StoreVersion[];
};
export type StoreAccessToken = {
  id: string;
  remark: string;
  publicKey?: string;
  status?: string;
  createdAt?: string;
  latestUsedAt?: string | null;
  secretKey?: string;
};
export type StoreReviewAction = 'IN_REVIEW' | 'APPROVED' | 'REJECTED';

const VersionStruct = struct({ version: string(), status: string() });
const ManagedListStruct = struct({
  dataList: array(struct({ did: string(), meta: struct({ did: string() }), status: string() })),
  total: number(),
});
const TokenListStruct = struct({ dataList: array(struct({ id: string(), remark: string() })), total: number() });
const TokenStruct = struct({ id: string(), remark: string() });
const CategoryStruct = struct({ id: string(), locales: record(string(), string()) });
const InfoStruct = struct({});

/** The blocklet.json of a blocklet version on a store (what a launcher installs from), absolute. */
export function blockletMetaUrl(storeBase: string, did: string, version: string): string {
  const base = new URL(storeBase.replace(/\/?$/, '/'), globalThis.location?.href);
  return new URL(
    `api/blocklets/${encodeURIComponent(did)}/${encodeURIComponent(version)}/blocklet.json`,
    base,
  ).toString();
}

export function createStore(t: Transport) {
  return {
    /** GET {store}/api/v2/blocklets.json → {dataList, total}. */
    list(params: StoreListParams = {}): Promise<StoreList> {
      return t.request({ target: 'store', path: 'api/v2/blocklets.json', params, schema: StoreListStruct });
    },
    /** GET {store}/api/blocklets/categories. */
    categories(): Promise<StoreCategory[]> {
      return t.request({ target: 'store', path: 'api/blocklets/categories', schema: StoreCategoriesStruct });
    },
    /** GET {store}/api/blocklets/:did[/:version]/blocklet.json?source=webapp&extended=true → the blocklet meta. */
    get(did: string, version?: string): Promise<StoreBlocklet> {
      return t.request({
        target: 'store',
        path: `${blockletPath(did, version)}/blocklet.json`,
        params: { source: 'webapp', extended: true },
        schema: StoreBlockletStruct,
      });
    },
    /** GET {store}/api/blocklets/:did[/:version]/info → readme per language, version, more by the author / in the category. */
    info(did: string, version?: string): Promise<StoreBlockletInfo> {
      return t.request({
        target: 'store',
        path: `${blockletPath(did, version)}/info`,
        schema: InfoStruct,
      }) as Promise<StoreBlockletInfo>;
    },
    /** GET {store}/api/blocklets/:did/versions → published versions, newest first. */
    versions(did: string): Promise<StoreVersion[]> {
      return t.request({
        target: 'store',
        path: `${blockletPath(did)}/versions`,
        schema: array(VersionStruct),
      }) as Promise<StoreVersion[]>;
    },
    /** Developer (a developer passport): GET {store}/api/developer/blocklets. */
    myBlocklets(
      params: { page?: number; pageSize?: number; keyword?: string } = {},
    ): Promise<{ dataList: StoreManagedBlocklet[]; total: number }> {
      return t.request({
        target: 'store',
        path: 'api/developer/blocklets',
        params,
        schema: ManagedListStruct,
      }) as Promise<{ dataList: StoreManagedBlocklet[]; total: number }>;
    },
    /** POST {store}/api/developer/blocklets {name, remark, permission}. */
    createBlocklet(input: {
      name: string;
      remark?: string;
      permission?: 'Public' | 'Private';
    }): Promise<StoreManagedBlocklet> {
      return t.request({ method: 'POST', target: 'store', path: 'api/developer/blocklets', data: input });
    },
    /** PUT {store}/api/developer/blocklets/:id {remark, permission}. */
    updateBlocklet(
      id: string,
      input: { remark?: string; permission?: 'Public' | 'Private' },
    ): Promise<StoreManagedBlocklet> {
      return t.request({
        method: 'PUT',
        target: 'store',
        path: `api/developer/blocklets/${encodeURIComponent(id)}`,
        data: input,
      });
    },
    /** POST {store}/api/blocklets/upload, multipart `blocklet-release` (a zip with blocklet.yml/json) → the row with the new draft. */
    uploadRelease(file: Blob, filename = 'release.zip'): Promise<StoreManagedBlocklet> {
      const data = new FormData();
      data.append('blocklet-release', file, filename);
      return t.request({ method: 'POST', target: 'store', path: 'api/blocklets/upload', data });
    },
    /** PUT {store}/api/developer/blocklets/:did/request-review | cancel-review {version}. */
    review(did: string, version: string, action: 'request' | 'cancel'): Promise<StoreVersion> {
      return t.request({
        method: 'PUT',
        target: 'store',
        path: `api/developer/blocklets/${encodeURIComponent(did)}/${action}-review`,
        data: { version },
      });
    },
    /** GET {store}/api/developer/access-tokens/my. */
    accessTokens(): Promise<{ dataList: StoreAccessToken[]; total: number }> {
      return t.request({
        target: 'store',
        path: 'api/developer/access-tokens/my',
        schema: TokenListStruct,
      }) as Promise<{ dataList: StoreAccessToken[]; total: number }>;
    },
    /** POST {store}/api/developer/access-tokens {remark} → the token with its secretKey (shown once). */
    createAccessToken(remark: string): Promise<StoreAccessToken> {
      return t.request({
        method: 'POST',
        target: 'store',
        path: 'api/developer/access-tokens',
        data: { remark },
        schema: TokenStruct,
      }) as Promise<StoreAccessToken>;
    },
    /** DELETE {store}/api/developer/access-tokens/:id. */
    deleteAccessToken(id: string): Promise<unknown> {
      return t.request({
        method: 'DELETE',
        target: 'store',
        path: `api/developer/access-tokens/${encodeURIComponent(id)}`,
      });
    },
    /** Console (owner/admin): GET {store}/api/console/blocklets. */
    allBlocklets(
      params: { page?: number; pageSize?: number; keyword?: string; reviewStatus?: string[] } = {},
    ): Promise<{ dataList: StoreManagedBlocklet[]; total: number }> {
      const { reviewStatus, ...rest } = params;
      // The store's Datatable filter shape: filter[reviewStatus][]=… (qs on the server).
      const query = reviewStatus?.length ? { ...rest, 'filter[reviewStatus]': reviewStatus } : rest;
      return t.request({
        target: 'store',
        path: 'api/console/blocklets',
        params: query,
        schema: ManagedListStruct,
      }) as Promise<{ dataList: StoreManagedBlocklet[]; total: number }>;
    },
    /** PUT {store}/api/console/blocklets/:id/block {blockReason} | unblock. */
    block(did: string, blockReason: string | null): Promise<unknown> {
      const path = `api/console/blocklets/${encodeURIComponent(did)}/${blockReason === null ? 'unblock' : 'block'}`;
      return t.request({ method: 'PUT', target: 'store', path, data: blockReason === null ? {} : { blockReason } });
    },
    /** PUT {store}/api/console/blocklets/:id/category {category, reviewType?} (the review-type button resends the current category). */
    setCategory(
      did: string,
      input: { category: string; reviewType?: 'FIRST' | 'EACH' },
    ): Promise<StoreManagedBlocklet> {
      return t.request({
        method: 'PUT',
        target: 'store',
        path: `api/console/blocklets/${encodeURIComponent(did)}/category`,
        data: input,
      });
    },
    /** PUT {store}/api/console/blocklets/:did/review {version, action, category?} (approving publishes). */
    decide(
      did: string,
      input: { version: string; action: StoreReviewAction; category?: string },
    ): Promise<StoreVersion> {
      return t.request({
        method: 'PUT',
        target: 'store',
        path: `api/console/blocklets/${encodeURIComponent(did)}/review`,
        data: input,
      });
    },
    /** POST {store}/api/console/categories | PUT …/:id {locales}. */
    saveCategory(locales: Record<string, string>, id?: string): Promise<StoreCategory> {
      return t.request({
        method: id ? 'PUT' : 'POST',
        target: 'store',
        path: id ? `api/console/categories/${encodeURIComponent(id)}` : 'api/console/categories',
        data: { locales },
        schema: CategoryStruct,
      }) as Promise<StoreCategory>;
    },
    /** GET {store}/api/blocklets/explore → sections (trending, topRated, recentlyUpdated). */
    explore(): Promise<StoreExploreSection[]> {
      return t.request({ target: 'store', path: 'api/blocklets/explore', schema: StoreExploreStruct });
    },
  };
}

function blockletPath(did: string, version?: string): string {
  const id = encodeURIComponent(did.replace(/^did:abt:/, ''));
  return version ? `api/blocklets/${id}/${encodeURIComponent(version)}` : `api/blocklets/${id}`;
}

// Loaded lazily (src/api/lazy.ts): announce the module so that calls need no import() once it is here.
provideResource('store', { createStore });

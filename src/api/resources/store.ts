/** Blocklet store API (platform-header-store.md B.2), under the store component's mount point (default /store/). */
import type { Transport } from '../http.ts';
import { StoreBlockletStruct, StoreCategoriesStruct, StoreExploreStruct, StoreListStruct } from '../schemas.ts';
import type { StoreBlocklet, StoreCategory, StoreExploreSection, StoreList, StoreListParams } from '../types.ts';

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
      const id = encodeURIComponent(did.replace(/^did:abt:/, ''));
      const path = version ? `api/blocklets/${id}/${encodeURIComponent(version)}/blocklet.json` : `api/blocklets/${id}/blocklet.json`;
      return t.request({ target: 'store', path, params: { source: 'webapp', extended: true }, schema: StoreBlockletStruct });
    },
    /** GET {store}/api/blocklets/explore → sections (trending, topRated, recentlyUpdated). */
    explore(): Promise<StoreExploreSection[]> {
      return t.request({ target: 'store', path: 'api/blocklets/explore', schema: StoreExploreStruct });
    },
  };
}

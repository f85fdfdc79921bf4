/**
 * Organizations of the signed-in user (blocklet service `/.well-known/service`, as js-sdk `user.*` calls them).
 * Made by the header's lazy org screens: `createOrgs(api)` (spec §7 "Shared header calls").
 */
import { array, boolean, nullable, number, optional, string, type } from 'superstruct';
import { withQuery } from '../../core/url.ts';
import type { ResourceApi } from '../http.ts';

export type Org = {
  id: string;
  name: string;
  description?: string | null;
  isOwner?: boolean | null;
  avatar?: string | null;
  [key: string]: unknown;
};
export type OrgPage = { orgs: Org[]; paging: { page?: number; pageSize?: number; total: number } };
/** GET api/user/role: the session's current organization. */
export type OrgRole = { orgId?: string | null };
export type OrgListParams = { search?: string | undefined; page?: number; pageSize?: number };

export const ORG_PAGE_SIZE = 20;

const opt = <T, S>(s: import('superstruct').Struct<T, S>) => optional(nullable(s));
const OrgStruct = type({
  id: string(),
  name: string(),
  description: opt(string()),
  isOwner: opt(boolean()),
  avatar: opt(string()),
});
const OrgPageStruct = type({
  orgs: array(OrgStruct),
  paging: type({ page: optional(number()), pageSize: optional(number()), total: number() }),
});
const RoleStruct = type({ orgId: opt(string()) });

export function createOrgs(t: Pick<ResourceApi, 'request' | 'serviceUrl'>) {
  return {
    /** GET api/user/orgs?search&page(1)&pageSize(20) → {orgs, paging}. */
    list(params: OrgListParams = {}, signal?: AbortSignal): Promise<OrgPage> {
      const search = params.search?.trim();
      return t.request<OrgPage>({
        target: 'service',
        path: 'api/user/orgs',
        params: { search: search || undefined, page: params.page ?? 1, pageSize: params.pageSize ?? ORG_PAGE_SIZE },
        schema: OrgPageStruct,
        signal,
      });
    },
    /** POST api/user/orgs {org: {name, description}} (both trimmed) → the org. */
    create(input: { name: string; description?: string }): Promise<Org> {
      return t.request<Org>({
        method: 'POST',
        target: 'service',
        path: 'api/user/orgs',
        data: { org: { name: input.name.trim(), description: (input.description ?? '').trim() } },
        schema: OrgStruct,
      });
    },
    /** GET api/user/orgs/:id. */
    get(id: string): Promise<Org> {
      return t.request<Org>({ target: 'service', path: `api/user/orgs/${encodeURIComponent(id)}`, schema: OrgStruct });
    },
    /** GET api/user/role?name= → {orgId} (the session's current org, or null). */
    async currentOrgId(role?: string): Promise<string | null> {
      const r = await t.request<OrgRole>({
        target: 'service',
        path: 'api/user/role',
        params: { name: role },
        schema: RoleStruct,
      });
      return r.orgId ?? null;
    },
    /** The passport switch with the orgId: POST api/user/switch-passport {orgId}. */
    async switchTo(orgId: string): Promise<void> {
      await t.request({ method: 'POST', target: 'service', path: 'api/user/switch-passport', data: { orgId } });
    },
    /** The org list page: `{service}/user/orgs?locale=` (synchronous). */
    listUrl(locale?: string): string {
      return withQuery(t.serviceUrl('user/orgs'), { locale });
    },
  };
}

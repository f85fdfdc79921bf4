// Stand-in for the payment endpoints <pay-portal> calls (see stub-platform.mjs). `state.portal` holds this
// module's switches (set through POST /__stub/state { portal: { … } }).

/** Returns {status, type, body} for the paths this module owns, else null. */
export async function handlePortalStub(state, method, url, readBody, json) {
  return null;
}

// The Svelte options svelte-check reads here (npm run typecheck: type-tests/svelte-check.mjs). Svelte 5 compiles
// `<script lang="ts">` itself, so there is nothing to configure; the app's build uses vite-plugin-svelte's defaults.
export default {};

import { importGraph, moduleGraph } from './tests/support/import-graph.js';
const g = importGraph(new URL('./src', import.meta.url).pathname);
for (const [m, t] of moduleGraph(g)) if (t.size) console.log(m, '→', [...t].sort().join(', '));
const back = [...g].flatMap(([f, ts]) => [...ts].filter((t) => (/^server\/(db|http|store|excel)\//.test(f) && /^server\/(engine|modules)\//.test(t)) || (/^server\/(seed|config)/.test(f) && /^server\/modules\//.test(t)) || (/^client\/engine\//.test(f) && /^client\/pages\//.test(t))).map((t) => `${f} → ${t}`));
console.log(back.join('\n'));

import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
const root = 'storybook-static';
const srv = createServer(async (req, res) => { try { const p = decodeURIComponent(new URL(req.url, 'http://x').pathname); const f = path.join(root, p.endsWith('/') ? p + 'index.html' : p); const d = await readFile(f); res.writeHead(200, {'content-type': f.endsWith('.js')||f.endsWith('.mjs') ? 'text/javascript' : f.endsWith('.css') ? 'text/css' : f.endsWith('.html') ? 'text/html' : f.endsWith('.svg') ? 'image/svg+xml':'application/octet-stream'}); res.end(d); } catch { res.writeHead(404); res.end(); } }).listen(6111);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [id, w, act] of JSON.parse(process.argv[2])) {
  const p = await b.newPage({ viewport: { width: w, height: 800 } });
  await p.goto(`http://localhost:6111/iframe.html?id=${id}&viewMode=story`);
  await p.waitForTimeout(2500);
  if (act === 'combo') { await p.getByRole('combobox', { name: 'Currency' }).click(); await p.keyboard.press('ArrowDown'); await p.waitForTimeout(300); }
  await p.screenshot({ path: `/tmp/${id}-${w}.png` });
}
await b.close(); srv.close();

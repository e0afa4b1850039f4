import { chromium } from 'playwright-core';
import http from 'http';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args:['--no-sandbox'] });
let ctx = await b.newContext({ viewport: { width:1366, height:900 } });
let p = await ctx.newPage();
const errs=[];
const hook = (pg)=>{ pg.on('console', m=>{ if(m.type()==='error'||m.type()==='warning') errs.push(m.type()+': '+m.text())}); pg.on('pageerror', e=>errs.push('pageerror: '+e.message)); };
hook(p);
const txt = async()=> await p.evaluate(()=>document.querySelector('main')?.innerText ?? document.body.innerText);
const shot = async(n)=> { await p.screenshot({path:`/tmp/nc/${n}.png`, fullPage:true}); return n; };
const newPage = async(w,h)=>{ await ctx.close(); ctx = await b.newContext({ viewport:{width:w,height:h} }); p = await ctx.newPage(); hook(p); };
http.createServer((req,res)=>{ let body=''; req.on('data',d=>body+=d); req.on('end', async()=>{
  try { const f = new Function('p','txt','shot','errs','newPage', `return (async()=>{${body}})()`); const r = await f(p,txt,shot,errs,newPage); res.end(String(r ?? '')); }
  catch(e){ res.end('ERR '+e.stack); }
});}).listen(8771, '127.0.0.1');
console.log('ready');

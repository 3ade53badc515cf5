import { startTestApp } from '../support/test-app';
it('probe', async () => {
  const app = await startTestApp();
  const page = await (await fetch(`${app.url}/api/v1/projects?limit=50`)).json();
  for (const p of page.items) {
    const units = await (await fetch(`${app.url}/api/v1/projects/${p.id}/units`)).json();
    const items = units.items ?? units;
    const st = items.map((u: any) => u.commercialStatus + (u.enabled === false ? '(dis)' : ''));
    console.log(p.id, p.assetType, JSON.stringify(items[0]?.bedrooms), st.filter((s: string) => s !== 'not_reserved').join(','), items.filter((u:any)=>u.commercialStatus==='sold').map((u:any)=>u.id).slice(0,2).join(' '));
  }
  await app.stop();
}, 60000);

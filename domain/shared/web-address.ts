/**
 * A public web address a company gives (its website, its social media): http or https to a named host. Shown as
 * a link to others, so `javascript:`, `data:` and other schemes, credentials, IP literals and hosts without a
 * domain are refused. Pure (WHATWG URL), so the contract and the web apply the same rule.
 */
export const WEB_ADDRESS_MESSAGE = 'Ingrese una dirección web que comience con http:// o https:// (por ejemplo https://www.empresa.cl).';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const isWebAddress = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && DOMAIN.test(url.hostname);
};

/** A number as wallets read it: plain decimals, never '1e-7'. */
export function plainAmount(amount: number): string {
  return amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** Ether in wei (EIP-681 `value` is in wei), from the decimal string, without floating-point loss. */
export function toWei(amount: number): string {
  const [whole = '0', fraction = ''] = plainAmount(amount).split('.');
  const wei = `${whole}${fraction.padEnd(18, '0').slice(0, 18)}`.replace(/^0+(?=\d)/, '');
  return wei;
}

const BIP21: Record<string, string> = { btc: 'bitcoin', ltc: 'litecoin', bch: 'bitcoincash' };

/**
 * What the QR code holds (002 §9): 'coin:address?amount' for btc/ltc/bch, 'ethereum:address?value' for
 * ether, 'monero:address?tx_amount' for xmr, else the bare address. An ERC-20 token gets the ethereum
 * URI without `value`: a value there would mean ether, not the token.
 */
export function paymentUri(currency: string, address: string, amount: number): string {
  const coin = currency.toLowerCase();
  const scheme = BIP21[coin];
  if (scheme) {
    // A cashaddr already carries its scheme ('bitcoincash:q…').
    const bare = address.startsWith(`${scheme}:`) ? address.slice(scheme.length + 1) : address;
    return `${scheme}:${bare}?amount=${plainAmount(amount)}`;
  }
  if (coin === 'eth') return `ethereum:${address}?value=${toWei(amount)}`;
  if (coin.endsWith('erc20')) return `ethereum:${address}`;
  if (coin === 'xmr') return `monero:${address}?tx_amount=${plainAmount(amount)}`;
  return address;
}

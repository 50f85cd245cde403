import ipaddr from 'ipaddr.js';

/** Cloud metadata services: never public, whatever their range says. */
const METADATA = new Set(
  ['169.254.169.254', 'fd00:ec2::254'].map((a) => ipaddr.parse(a).toString()),
);

/**
 * Whether the server may connect to `address` on a stranger's behalf (docs/security.md, link
 * previews): public unicast only — ipaddr.js's `unicast` range, so not loopback, private,
 * link-local, unique-local, CGNAT, unspecified, multicast, broadcast, reserved, documentation,
 * nor the IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo). An IPv4-mapped IPv6
 * address is judged as the IPv4 address it maps.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA.has(parsed.toString())) return false;
  return parsed.range() === 'unicast';
}

"""The address a request or a socket is counted by: an IPv4 address, or an IPv6 address's
/64 network. One IPv6 subscriber is given a whole /64 and may pick any address in it (and
privacy addresses change by themselves), so counting IPv6 by the address would give each
person 2⁶⁴ of them: the invite-code tries, the guest and spectator caps and the keep-apart of
one address all count the /64 (docs/SECURITY.md)."""

from __future__ import annotations

import ipaddress


def counted_address(address: str) -> str:
    """``address`` as counted: itself for IPv4 (also when written IPv4-mapped in IPv6), its
    /64 network for IPv6; anything unparsable as it came."""
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)

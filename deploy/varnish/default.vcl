vcl 4.1;
# Varnish in front of nginx and the Beranda instances (docs/deploy.md), with the
# xkey module of Debian's varnish-modules package. Beranda answers public pages
# with `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`
# and their cache tags in `Surrogate-Key`; on every change the instance where it
# happened sends PURGE with `xkey-softpurge` (shown stale while fetched again)
# and `xkey-purge` (never served again) naming the tags (CACHE_PURGE_URLS).
# tests/integration/deploy.test.ts runs this very file, with only the ports changed.

import xkey;
import std;

backend nginx {
    .host = "127.0.0.1";
    .port = "8080";
}

# Who may purge: the instances (add their addresses when they run on other machines).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        set req.http.x-purged = "0";
        if (req.http.xkey-purge) {
            set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        }
        if (req.http.xkey-softpurge) {
            set req.http.x-purged = std.integer(req.http.x-purged, 0) + xkey.softpurge(req.http.xkey-softpurge);
        }
        return (synth(200, "Purged " + req.http.x-purged));
    }
    # Staff (a bearer token) and everything but reading goes straight through.
    if (req.http.Authorization || (req.method != "GET" && req.method != "HEAD")) {
        return (pass);
    }
    # The admin screens and the signed-in API are never shared.
    if (req.url ~ "^/admin" || req.url ~ "^/api/auth") {
        return (pass);
    }
    # Public pages carry no cookie that matters: keep them cacheable.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # xkey indexes objects by the space-separated tags of this header.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Serve stale while fetching again for as long as Beranda allows (stale-while-revalidate
    # sets the grace), and keep objects a day in case the site fails (stale-if-error).
    if (beresp.ttl > 0s) {
        set beresp.keep = 1d;
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.x-varnish-cache = "HIT";
    } else {
        set resp.http.x-varnish-cache = "MISS";
    }
}

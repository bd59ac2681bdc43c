import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { isPublicUnicastAddress } from "./address.js";
import { checkProxyTarget } from "./proxy-target.js";

const DOMAIN = "example.com";

/** Targets that must never be accepted, in every notation we know of. */
const UNSAFE = [
  // loopback, in every IPv4 spelling the WHATWG parser and inet_aton accept
  "http://127.0.0.1/",
  "http://127.0.0.1:8080/admin",
  "http://127.1/",
  "http://127.0.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.0x0.0x0.0x1/",
  "http://0x7f.1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://127.255.255.254/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  // unspecified
  "http://0/",
  "http://0.0.0.0/",
  "http://[::]/",
  // private
  "http://10.0.0.1/",
  "http://10.255.255.255/",
  "http://012.0.0.1/",
  "http://167772161/",
  "http://172.16.0.1/",
  "http://172.31.255.254/",
  "http://192.168.0.1/",
  "http://192.168.1.1:3000/",
  "http://0xc0a80001/",
  "http://[::ffff:192.168.0.1]/",
  "http://[::ffff:a00:1]/",
  // carrier-grade NAT, link-local, cloud metadata
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://169.254.169.254/latest/meta-data/",
  "http://169.254.0.1/",
  "http://2852039166/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[fe80::1]/",
  "http://[fe80::a9fe:a9fe]/",
  // unique local, multicast, reserved, broadcast, benchmarking, documentation, transition
  "http://[fc00::1]/",
  "http://[fd12:3456:789a::1]/",
  "http://[fd00:ec2::254]/",
  "http://224.0.0.1/",
  "http://239.255.255.250/",
  "http://[ff02::1]/",
  "http://240.0.0.1/",
  "http://255.255.255.255/",
  "http://198.18.0.1/",
  "http://198.19.255.255/",
  "http://192.0.2.1/",
  "http://203.0.113.5/",
  "http://[2001:db8::1]/",
  "http://[64:ff9b::a00:1]/",
  "http://[2002:7f00:1::]/",
  "http://[2001::1]/",
  "http://[::a00:1]/",
  "http://[100::1]/",
  // names
  "http://localhost/",
  "http://LOCALHOST./",
  "http://localhost:9000/",
  "http://foo.localhost/",
  "http://api.internal/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://printer.local/",
  "http://nas.lan/",
  "http://router.home.arpa/",
  "http://intranet/",
  "http://service.test/",
  "http://example.invalid/",
  // the domain itself and its www. variant, however spelled
  "https://example.com/",
  "https://EXAMPLE.com./x",
  "https://www.example.com/",
  "http://Www.Example.Com:8443/",
  // not a full http(s) URL, or credentials
  "http://user:pass@example.org/",
  "https://user@example.org/",
  "ftp://example.org/",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/html,hi",
  "gopher://example.org/",
  "/relative/path",
  "//evil.example.org/",
  "example.org/no-scheme",
  "",
  "http://",
  "http:///x",
  "http://co.uk/",
  "http://nosuffix.zzz/",
];

/** Targets that must be accepted. */
const SAFE = [
  "https://docs.example.org/",
  "https://api.example.com/v1",
  "https://static.example.com:8443/assets/app.js?v=3",
  "http://93.184.216.34/",
  "http://8.8.8.8/",
  "https://1.1.1.1/dns-query",
  "http://[2606:4700:4700::1111]/",
  "http://[2001:4860:4860::8888]:8080/",
  "http://[::ffff:8.8.8.8]/",
  "https://bücher.de/katalog",
  "https://xn--bcher-kva.de/",
  "https://my-app.vercel.app/",
  "https://user-site.github.io/blog/",
  "https://shop.example.co.uk/cart",
  "https://EXAMPLE.org/Path/:slug",
  "https://upstream.example.net/:path*",
  "https://cdn.example.net/*",
  "https://origin.example.com./trailing-dot",
  "http://172.32.0.1/",
  "http://100.128.0.1/",
  "http://11.0.0.1/",
  "https://wwwexample.com/",
];

describe("proxy-target safety", () => {
  it(`refuses every one of ${UNSAFE.length} unsafe targets`, () => {
    expect(UNSAFE.length).toBeGreaterThanOrEqual(60);
    const accepted = UNSAFE.filter((target) => checkProxyTarget(target, DOMAIN).ok);
    expect(accepted).toEqual([]);
  });

  it(`accepts every one of ${SAFE.length} safe targets`, () => {
    expect(SAFE.length).toBeGreaterThanOrEqual(20);
    const refused = SAFE.map((target) => ({
      target,
      check: checkProxyTarget(target, DOMAIN),
    })).filter((x) => !x.check.ok);
    expect(refused).toEqual([]);
  });

  it("treats the www. variant both ways", () => {
    expect(checkProxyTarget("https://example.com/", "www.example.com").ok).toBe(false);
    expect(checkProxyTarget("https://www.example.com/", "www.example.com").ok).toBe(false);
  });

  const v4 = (cidr: string) => {
    const [base, bits] = ipaddr.parseCIDR(cidr) as [ipaddr.IPv4, number];
    const start = base.toByteArray().reduce((n, b) => n * 256 + b, 0);
    const size = 2 ** (32 - bits);
    return fc.integer({ min: 0, max: size - 1 }).map((i) => start + i);
  };
  const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
  const notations = (n: number) => [
    dotted(n),
    String(n),
    `0x${n.toString(16)}`,
    [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
      .map((b) => `0${b.toString(8)}`)
      .join("."),
  ];

  it("refuses random private, loopback and link-local IPv4 addresses in every notation", () => {
    const unsafe = fc.oneof(
      v4("127.0.0.0/8"),
      v4("10.0.0.0/8"),
      v4("172.16.0.0/12"),
      v4("192.168.0.0/16"),
      v4("169.254.0.0/16"),
      v4("100.64.0.0/10"),
      v4("0.0.0.0/8"),
      v4("224.0.0.0/4"),
      v4("240.0.0.0/4"),
    );
    fc.assert(
      fc.property(unsafe, (n) => {
        for (const host of notations(n)) {
          expect(checkProxyTarget(`http://${host}/`, DOMAIN).ok, host).toBe(false);
          expect(checkProxyTarget(`http://[::ffff:${dotted(n)}]/`, DOMAIN).ok).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("accepts random public unicast IPv4 addresses in every notation", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        fc.pre(ipaddr.IPv4.parse(dotted(n)).range() === "unicast");
        for (const host of notations(n))
          expect(checkProxyTarget(`http://${host}/`, DOMAIN).ok, host).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("judges bare addresses for the post-resolution check", () => {
    expect(isPublicUnicastAddress("8.8.8.8")).toBe(true);
    expect(isPublicUnicastAddress("2606:4700::1111")).toBe(true);
    for (const a of [
      "127.0.0.1",
      "::1",
      "::ffff:10.0.0.1",
      "fe80::1%eth0",
      "10.1.2.3",
      "not-an-ip",
      "",
      "[::1]",
      "0x7f.1",
    ]) {
      expect(isPublicUnicastAddress(a), a).toBe(false);
    }
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), fc.domain(), (url, domain) => {
        const result = checkProxyTarget(url, domain);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });
});

/** The few HTML pages the dashboard's server writes itself (no script, no inline style). */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page with a title, a paragraph and maybe a hint, in UTF-8. */
export function messagePage(title: string, message: string, hint?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · crawlgate</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${hint ? `<p>${escapeHtml(hint)}</p>\n` : ""}</main>
</body>
</html>
`;
}

/**
 * The page a sign-in link opened from another site gets: one button that POSTs the token to
 * `action` (no script: the person signing in presses it).
 */
export function signInPage(action: string, token: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · crawlgate</title>
</head>
<body>
<main>
<h1>Sign in to the crawlgate dashboard</h1>
<p>This sign-in link was opened from another site. Continue only if you asked for it.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}

/** What a refused sign-in page suggests. */
export const NEW_LINK_HINT = "Ask for a new link: crawlgate dashboard-link --user NAME";

/** Why a sign-in link was refused, as the page says it. */
export const SIGN_IN_REFUSALS = {
  invalid: {
    status: 400,
    title: "This sign-in link is not valid",
    message: "The link is incomplete or was changed, or its user no longer exists.",
  },
  expired: {
    status: 401,
    title: "This sign-in link has expired",
    message: "Sign-in links are valid for 15 minutes.",
  },
  used: {
    status: 401,
    title: "This sign-in link was used already",
    message: "Each sign-in link works once.",
  },
} as const;

/** The page (and its status) of a refused sign-in link. */
export function signInRefusal(
  refused: { reason: keyof typeof SIGN_IN_REFUSALS } | { reason: "elsewhere"; origin: string },
): { status: number; body: string } {
  if (refused.reason === "elsewhere") {
    // A genuine link at another origin than its own (not spent): name where it works.
    return {
      status: 400,
      body: messagePage(
        "This sign-in link is for another address",
        `This link was made for ${refused.origin}/dashboard and works only there. It was not used here, so it still works at that address.`,
        "If that is not where you reach the dashboard, ask for a link made for the right address: crawlgate dashboard-link --user NAME --base-url URL",
      ),
    };
  }
  const { status, title, message } = SIGN_IN_REFUSALS[refused.reason];
  return { status, body: messagePage(title, message, NEW_LINK_HINT) };
}

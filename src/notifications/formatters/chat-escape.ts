/*
 * One escaping function per chat platform (DESIGN §5g). Every piece of text a message shows that
 * the service did not write itself (competitor names, summaries, why it matters, workspace names,
 * test messages) goes through it, so page text can neither mention anyone nor carry a link: only
 * the links the formatters build around it are links.
 */

/**
 * Slack: `&`, `<` and `>` are mrkdwn's control characters, so escaping them stops `<!channel>`,
 * `<!here>`, `<@U…>` and `<url|label>`. Slack has no backslash escape; a zero-width space after
 * `]` and before `(` keeps a Markdown-style `[label](url)` from forming anywhere it is read.
 */
export function slackText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\]/g, ']\u200b')
    .replace(/\(/g, '\u200b(');
}

/**
 * Teams: TextBlocks and FactSet values are Markdown. Backslashes escape the characters of a link
 * and of `<…>`; a Teams client that shows the backslash still sees no `](`, so no link forms.
 */
export function teamsText(text: string): string {
  return text.replace(/[\\[\]()<>]/g, '\\$&');
}

/**
 * Discord: Markdown, masked links and `<@…>`/`<#…>` mentions are escaped with backslashes
 * (headings, lists and quotes only open a line); `@everyone` is stopped by `allowed_mentions`.
 */
export function discordText(text: string): string {
  return text.replace(/[\\*_~`|<>[\]()]/g, '\\$&').replace(/^([ \t]*)([#-])/gm, '$1\\$2');
}

/**
 * A URL the service places inside markup (`<url|label>`, `[label](url)`, a Teams fact) with the
 * characters that could close that markup percent-encoded; it leads to the same page.
 */
export function markupUrl(url: string): string {
  return url.replace(/[ \t\r\n[\]()<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

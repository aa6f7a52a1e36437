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

/**
 * Discord: Markdown, masked links and `<@…>`/`<#…>` mentions are escaped with backslashes
 * (headings, lists and quotes only open a line); `@everyone` is stopped by `allowed_mentions`.
 */
export function discordText(text: string): string {
  return text.replace(/[\\*_~`|<>[\]()]/g, '\\$&').replace(/^([ \t]*)([#-])/gm, '$1\\$2');
}

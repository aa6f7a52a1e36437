/**
 * Teams: TextBlocks and FactSet values are Markdown. Backslashes escape the characters of a link
 * and of `<…>`; a Teams client that shows the backslash still sees no `](`, so no link forms.
 */
export function teamsText(text: string): string {
  return text.replace(/[\\[\]()<>]/g, '\\$&');
}

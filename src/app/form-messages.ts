import { DomainError, ErrorCode, type FieldError } from '../common/errors';
import { messageOf } from './app-exception.filter';

/** How a form names one of its fields to people. */
export interface FieldCopy {
  /** The field's label on the form, e.g. "Homepage URL". */
  label: string;
  /** The sentence when it was left empty, e.g. "Enter the competitor's homepage URL." */
  empty?: string;
  /** The sentence for any other problem, when the validator's own reason would not help. */
  invalid?: string;
}

export type FormCopy = Record<string, FieldCopy>;

function blank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** One field's problem in words: the form's label instead of the API's field names. */
function fieldSentence(detail: FieldError, copy: FormCopy, typed: Record<string, unknown>): string {
  const field = copy[detail.field];
  if (!field) return sentence(detail.message);
  if (field.empty && blank(typed[detail.field])) return field.empty;
  if (field.invalid) return field.invalid;
  // Whole names only: `webhook_url` is not the end of `slack_webhook_url`.
  const names = new RegExp(`\\b(${Object.keys(copy).join('|')})\\b`, 'g');
  const text = detail.message.replace(names, (name) => copy[name].label);
  return sentence(text.includes(field.label) ? text : `${field.label}: ${text}`);
}

/**
 * A validation failure as a form shows it: one sentence per field, naming each field as the form
 * labels it ("Enter a workspace name."), never the API's field names run together. Other errors
 * keep their message.
 */
export function formMessage(err: DomainError, copy: FormCopy, typed: Record<string, unknown>): string {
  const details = (err.options.extra?.details as FieldError[] | undefined) ?? [];
  if (err.code !== ErrorCode.ValidationFailed || !details.length) return messageOf(err);
  return [...new Set(details.map((d) => fieldSentence(d, copy, typed)))].join(' ');
}

/** Errors the whole page answers (a 404, 503 or 429 page); every other domain error goes back to its form. */
const PAGE_ERRORS = new Set([ErrorCode.NotFound, ErrorCode.RateLimited, ErrorCode.ServiceUnavailable]);

/** The error when a form should show it beside what was typed; anything else is thrown on to the application's filter. */
export function formFailure(err: unknown): DomainError {
  if (err instanceof DomainError && !PAGE_ERRORS.has(err.code)) return err;
  throw err;
}

export const WORKSPACE_FORM: FormCopy = {
  name: { label: 'Workspace name', empty: 'Enter a workspace name.' },
};

export const COMPETITOR_FORM: FormCopy = {
  url: { label: 'Homepage URL', empty: "Enter the competitor's homepage URL." },
};

export const ADD_PAGE_FORM: FormCopy = {
  url: { label: 'Page URL', empty: 'Enter the address of the page to watch.' },
  monitor_type: { label: 'Page type', invalid: 'Choose a page type from the list.' },
};

import { z } from 'zod';
import { currencyCode, userText } from './common';

/** A person as the caller sees them (specification §3 Contact). */
export const contact = z.object({
  uid: z.number().int(),
  /** The same uid (the specification's User carries it as `user`). */
  user: z.number().int(),
  /** What to show: the caller's contact name, else the person's full name, else the formatted phone; 'me' for the caller. */
  name: z.string(),
  phone: z.string(),
  full_name: z.string(),
  contact_name: z.string(),
  avatar_url: z.string().nullable(),
  /** The person is in the caller's contact book (always true for the caller). */
  is_contact_exists: z.boolean(),
  /** False for a placeholder: a phone someone added that has not signed up yet. */
  is_registered: z.boolean(),
  /** Net balance with the caller, per currency (filled by the people module; empty here). */
  balance: z.array(z.object({ balance: z.number(), currency: currencyCode })),
  amount: z.number().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  currency: currencyCode,
  is_me: z.boolean(),
});
export type Contact = z.infer<typeof contact>;

export const contactListResponse = z.array(contact);
export type ContactListResponse = z.infer<typeof contactListResponse>;

export const addContactsBody = z.object({
  device: z.string().max(20).default('WEB'),
  contacts: z
    .array(z.object({ name: userText(200).default(''), phone: z.string().min(1).max(40) }))
    .min(1)
    .max(500),
});
export type AddContactsBody = z.infer<typeof addContactsBody>;

export const deleteContactsBody = z.object({
  device: z.string().max(20).default('WEB'),
  phones: z.array(z.string().min(1).max(40)).min(1).max(500),
});
export type DeleteContactsBody = z.infer<typeof deleteContactsBody>;

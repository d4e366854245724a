export { contactsSlice, fetchContacts, type ContactsState, type ContactsStatus } from './contacts-slice';

export { contactsSlice, fetchContacts, addContact, deleteContact, type ContactsState, type ContactsStatus } from './contacts-slice';
export { searchUser } from './contacts-api';
export { AddFriendModal, type AddFriendModalProps } from './components/AddFriendModal';
export type { Contact } from '@common/contract/contacts';
export { PersonRow, usePhoneFormat } from './components/PersonRow';
export { ContactChecklist } from './components/ContactChecklist';
export { apiErrorText } from './errors';

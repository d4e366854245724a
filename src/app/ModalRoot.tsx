import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import { modalClosed } from './shell-slice';

const SettingsModal = lazy(() => import('@/features/profile/components/SettingsModal'));
const RatesModal = lazy(() => import('@/features/currencies/components/RatesModal'));
const ContactBookModal = lazy(() => import('@/features/contacts/components/ContactBookModal'));

/** Renders the one app-wide modal that is open; each modal is its own lazily loaded chunk. */
export function ModalRoot() {
  const modal = useAppSelector((s) => s.shell.modal);
  const dispatch = useAppDispatch();
  if (!modal) return null;
  const close = () => dispatch(modalClosed());
  // Each modal registers here as its feature lands.
  const content =
    modal === 'settings' ? (
      <SettingsModal onClose={close} />
    ) : modal === 'rates' ? (
      <RatesModal onClose={close} />
    ) : modal === 'contacts' ? (
      <ContactBookModal onClose={close} />
    ) : null;
  return <Suspense fallback={null}>{content}</Suspense>;
}

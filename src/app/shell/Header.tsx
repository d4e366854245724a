import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { Avatar } from '@/components/Avatar';
import { logout } from '@/features/auth';
import { useReceivedInvitations } from '@/features/profile';
import { useAppDispatch, useAppSelector } from '../hooks';
import { modalOpened, sideMenuToggled } from '../shell-slice';
import { LanguageSelect } from './LanguageSelect';
import styles from './Shell.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
}

/** The signed-in navigation, shared by the desktop header and the phone side menu (which also holds settings and logout). */
function NavItems({ onNavigate, inMenu = false }: { onNavigate?: () => void; inMenu?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const eventsPath = useAppSelector((s) => s.shell.lastEventsPath);
  return (
    <>
      <NavLink to={eventsPath} className={navClass} onClick={onNavigate} data-tour="nav-events">
        {t('nav.events')}
      </NavLink>
      <NavLink to="/people" className={navClass} onClick={onNavigate} data-tour="nav-people">
        {t('nav.people')}
      </NavLink>
      <button type="button" className={styles.navLink} onClick={() => dispatch(modalOpened('contacts'))} data-testid="nav-contacts">
        {t('nav.contacts')}
      </button>
      <button type="button" className={styles.navLink} onClick={() => dispatch(modalOpened('rates'))} data-tour="nav-rates">
        {t('nav.exchangeRates')}
      </button>
      <NavLink to="/faq" className={navClass} onClick={onNavigate} data-tour="nav-faq">
        {t('faq:navLabel')}
      </NavLink>
      {inMenu && (
        <>
          <button type="button" className={styles.navLink} onClick={() => dispatch(modalOpened('settings'))}>
            {t('nav.settings')}
            <InvitationsBadge />
          </button>
          <LogoutButton />
        </>
      )}
    </>
  );
}

function LogoutButton({ className = styles.navLink }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <button type="button" className={className} onClick={() => void dispatch(logout())} data-testid="logout">
      {t('nav.logout')}
    </button>
  );
}

/** How many family invitations wait for an answer, in words ('1 family invitation'); null when none. */
function useInvitationsWords(): { count: number; words: string } | null {
  const { t } = useTranslation();
  const count = useReceivedInvitations().length;
  return count === 0 ? null : { count, words: t('nav.invitations', { count }) };
}

/**
 * The invitations waiting, on the way to Settings where they are answered (the events list shows
 * them too): the count for the eye, the words for screen readers.
 */
function InvitationsBadge() {
  const waiting = useInvitationsWords();
  if (!waiting) return null;
  return (
    <span className={styles.badge} data-testid="invitations-badge">
      <span aria-hidden="true">{waiting.count}</span>
      <span className="visually-hidden">{`, ${waiting.words}`}</span>
    </span>
  );
}

/** A button's name that also says how many invitations wait, where its aria-label hides the badge's words. */
function useNameWithInvitations(name: string): string {
  const waiting = useInvitationsWords();
  return waiting ? `${name}, ${waiting.words}` : name;
}

/** The user's avatar opens the settings. */
function ProfileButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.profile.user);
  const name = useNameWithInvitations(t('nav.settings'));
  return (
    <button
      type="button"
      className={styles.profileButton}
      onClick={() => dispatch(modalOpened('settings'))}
      aria-label={name}
      title={t('nav.settings')}
      data-testid="profile-button"
    >
      <Avatar url={user?.avatar_url} name={user?.full_name} size={36} />
      <InvitationsBadge />
    </button>
  );
}

export function Header({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.shell.sideMenuOpen);
  const close = () => dispatch(sideMenuToggled(false));
  const menuName = useNameWithInvitations(t('nav.menu'));
  return (
    <header className={styles.header}>
      {signedIn && (
        <button
          type="button"
          className={styles.menuButton}
          aria-label={menuName}
          aria-expanded={open}
          onClick={() => dispatch(sideMenuToggled(true))}
          data-testid="menu-button"
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <InvitationsBadge />
        </button>
      )}
      <Link to="/" className={styles.logo}>
        {t('appName')}
      </Link>
      {signedIn ? (
        <nav className={styles.nav} aria-label={t('nav.menu')}>
          <NavItems />
        </nav>
      ) : (
        <span className={styles.spacer} />
      )}
      <LanguageSelect className={`${styles.language} ${signedIn ? styles.headerLanguage : ''}`} />
      {signedIn && <ProfileButton />}
      {signedIn && <LogoutButton className={`${styles.navLink} ${styles.headerLanguage}`} />}
      {signedIn && open && <SideMenu onClose={close} />}
    </header>
  );
}

function SideMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // The first place to go, not the close button: Escape and the backdrop close it too.
    ref.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className={styles.sideMenuBackdrop} onClick={onClose} aria-hidden="true" />
      <nav ref={ref} className={styles.sideMenu} aria-label={t('nav.menu')} data-testid="side-menu">
        <div className={styles.sideMenuHead}>
          <span className={styles.sideMenuTitle}>{t('appName')}</span>
          <button type="button" className={styles.sideMenuClose} onClick={onClose} aria-label={t('nav.closeMenu')}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <NavItems onNavigate={onClose} inMenu />
        <LanguageSelect className={styles.language} />
      </nav>
    </>
  );
}

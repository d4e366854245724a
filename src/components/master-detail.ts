import { PHONE_LAYOUT, useMediaQuery } from '@/lib/media-query';

/**
 * Whether the master-detail frame's list (MasterDetail.module.css) is on screen: always on a
 * desktop, and on a phone only while no item is open. A screen can then keep the list it hides in
 * a hidden React Activity, so that its drawing never holds up the open item's.
 */
export function useListShown(open: boolean): boolean {
  const phone = useMediaQuery(PHONE_LAYOUT, false);
  return !(open && phone);
}

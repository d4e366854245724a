import { PHONE_LAYOUT, useMediaQuery } from '@/lib/media-query';

/**
 * Whether the master-detail frame's list (MasterDetail.module.css) is on screen: always on a
 * desktop, and on a phone only while no item is open. A phone that opens an item does not build
 * the list it hides: for an event, that list was redrawn with the event's own answers and held up
 * its first operations.
 */
export function useListShown(open: boolean): boolean {
  const phone = useMediaQuery(PHONE_LAYOUT, false);
  return !(open && phone);
}

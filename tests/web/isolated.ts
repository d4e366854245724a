/**
 * Web test files that need modules of their own (decision 0069): they mock a module, count a
 * module's first load, or rely on state a module makes once when it is imported (a database
 * opened at import, a memo of what the device holds). The rest of the web suite shares a worker's
 * loaded modules from one file to the next.
 */
export const WEB_TESTS_ISOLATED = [
  'src/app/preload-screens.test.ts',
  'src/app/screen-download.test.tsx',
  'src/components/PhoneInput.test.tsx',
  'src/features/events/components/CreateEventImage.test.tsx',
  'src/features/events/components/ParticipantsPanel.test.tsx',
  'src/features/operations/offline/PendingList.test.tsx',
  'src/features/operations/offline/pending.test.ts',
  'src/features/profile/components/CheckUserPage.test.tsx',
  'src/lib/offline-answers.test.ts',
];

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@common/contract/contacts';
import { userSchema, type User } from '@common/contract/user';
import type { Language } from '@/lib/i18n';
import { aUser, errorBody } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { aContact, contactsServer } from '../../../../tests/web/contacts';

const friends = [
  aContact(2, 'Boris Ivanov', '+79160000002'),
  aContact(3, 'Vera Orlova', '+79160000003'),
  aContact(4, 'Gleb Smirnov', '+79160000004'),
  aContact(5, 'Dasha Kim', '+79160000005'),
  aContact(6, 'Egor Lee', '+79160000006'),
  aContact(8, 'Fedor Pak', '+79160000008'),
  aContact(9, 'Galya Tsoi', '+79160000009'),
];

const meAsContact = (user: User): Contact => ({ ...aContact(user.user, user.full_name, user.phone), name: 'me', is_me: true });

/** The profile as GET /user/me/ answers it with a family: me as head, or `head` heading it with me among the members. */
function withFamily(members: Contact[], head?: Contact): User {
  const base = aUser();
  const me = meAsContact(base);
  return userSchema.parse({
    ...base,
    family: {
      id: 1,
      head: head ?? me,
      members: head ? [...members, me] : members,
      is_head: !head,
      balance: 0,
      currency: 'RUB',
      balances: [],
    },
  });
}

/** The profile with invitations into a family: received from some people, sent to others. */
function withInvitations(received: Contact[], sent: Contact[], base: User = aUser()): User {
  const at = '2026-11-20T10:00:00.000Z';
  return userSchema.parse({
    ...base,
    family_invitations: {
      received: received.map((person, i) => ({ id: 100 + i, person, created: at })),
      sent: sent.map((person, i) => ({ id: 200 + i, person, created: at })),
    },
  });
}

/** Signed in with the settings modal open; PUT /v2/user/me/ bodies are recorded and answered with `answer`. */
async function openFamily(user: User, answer: (body: { family: unknown }) => Response | Promise<Response>, language: Language = 'en') {
  const data = contactsServer(user, friends);
  const puts: unknown[] = [];
  server.use(
    http.put('/app/api/v2/user/me/', async ({ request }) => {
      const body = (await request.json()) as { family: unknown };
      puts.push(body);
      return answer(body);
    }),
  );
  const view = renderApp('/faq', { language });
  const ue = userEvent.setup();
  await ue.click(await screen.findByTestId('profile-button'));
  const section = await screen.findByTestId('family-section');
  return { ...view, user: ue, section, puts, data };
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

async function openParticipants(ue: ReturnType<typeof userEvent.setup>, section: HTMLElement) {
  await ue.click(within(section).getByTestId('family-edit'));
  return screen.findByTestId('family-participants');
}

async function pick(ue: ReturnType<typeof userEvent.setup>, people: string[]) {
  const modal = await screen.findByTestId('family-add-modal');
  for (const name of people) await ue.click(within(modal).getByRole('checkbox', { name }));
  return modal;
}

describe('the family section of the settings', () => {
  it('invites people from my contacts into a family and shows them as waiting for an answer', async () => {
    const { user, section, puts, store } = await openFamily(aUser(), () => HttpResponse.json(withInvitations([], [friends[0]!, friends[1]!])));
    expect(within(section).getByText(/You are not in a family/)).toBeInTheDocument();
    expect(within(section).queryByTestId('family-leave')).not.toBeInTheDocument();
    const modal = await openParticipants(user, section);
    // Nothing changed yet.
    expect(within(modal).getByTestId('family-save')).toBeDisabled();

    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(user, ['Boris Ivanov', 'Vera Orlova']);
    expect(within(add).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(add).getByTestId('family-add-confirm'));
    expect(screen.queryByTestId('family-add-modal')).not.toBeInTheDocument();
    expect(within(modal).getByTestId('family-draft-2')).toHaveTextContent('Boris Ivanov');
    expect(within(modal).getByTestId('family-draft-2')).toHaveTextContent('invited');
    expect(within(modal).getByText('People you add get an invitation and join the family once they accept it.')).toBeInTheDocument();

    await user.click(within(modal).getByTestId('family-save'));
    await waitFor(() => expect(screen.queryByTestId('family-participants')).not.toBeInTheDocument());
    expect(puts).toEqual([{ family: { head: '+79990000007', members: ['+79160000002', '+79160000003'] } }]);
    expect(store.getState().profile.user?.family).toBeNull();
    const sent = within(section).getByTestId('family-sent');
    expect(sent).toHaveTextContent('Invited, waiting for an answer');
    expect(names(sent)).toEqual([expect.stringContaining('Boris Ivanov'), expect.stringContaining('Vera Orlova')]);
    expect(within(section).queryByText(/You are not in a family/)).not.toBeInTheDocument();
  });

  it.each(['en', 'ru'] as const)('accepts an invitation into a family and then shows the family (%s)', async (language) => {
    const head = friends[0]!;
    let accepted = 0;
    server.use(
      http.post('/app/api/v1/user/family/invitations/100/accept/', () => {
        accepted += 1;
        return HttpResponse.json(withFamily([], head));
      }),
    );
    const { user, section, store } = await openFamily(withInvitations([head], []), () => HttpResponse.json(aUser()), language);
    const received = within(section).getByTestId('family-received');
    expect(received).toHaveTextContent(language === 'en' ? 'Boris Ivanov invites you to their family' : 'Boris Ivanov приглашает вас в свою семью');
    await user.click(within(received).getByRole('button', { name: language === 'en' ? 'Accept' : 'Принять' }));
    await waitFor(() => expect(within(section).getByTestId('family-list')).toBeInTheDocument());
    expect(accepted).toBe(1);
    expect(store.getState().profile.user?.family?.head.uid).toBe(head.uid);
    expect(within(section).queryByTestId('family-received')).not.toBeInTheDocument();
  });

  it("declines an invitation, and shows 'no longer valid' in the user's language when the server says so", async () => {
    const [boris, vera] = [friends[0]!, friends[1]!];
    const afterDeclining = withInvitations([boris, vera], []);
    afterDeclining.family_invitations.received = afterDeclining.family_invitations.received.filter((i) => i.id !== 100);
    server.use(
      http.delete('/app/api/v1/user/family/invitations/100/', () => HttpResponse.json(afterDeclining)),
      http.post('/app/api/v1/user/family/invitations/101/accept/', () => errorBody('family_invitation_gone', 410)),
    );
    const { user, section } = await openFamily(withInvitations([boris, vera], []), () => HttpResponse.json(aUser()), 'ru');
    await user.click(within(section).getByTestId('family-decline-100'));
    await waitFor(() => expect(within(section).queryByTestId('family-invitation-100')).not.toBeInTheDocument());
    await user.click(within(section).getByTestId('family-accept-101'));
    expect(await within(section).findByText('Это приглашение больше не действует')).toBeInTheDocument();
  });

  it('lets the head withdraw an invitation, and keeps the invited in the participants when saving', async () => {
    const vera = friends[1]!;
    let withdrawn = 0;
    server.use(
      http.delete('/app/api/v1/user/family/invitations/200/', () => {
        withdrawn += 1;
        return HttpResponse.json(withInvitations([], [], withFamily([friends[0]!])));
      }),
    );
    const { user, section, puts } = await openFamily(withInvitations([], [vera], withFamily([friends[0]!])), () =>
      HttpResponse.json(withInvitations([], [vera], withFamily([friends[0]!, friends[2]!]))),
    );
    const modal = await openParticipants(user, section);
    expect(within(modal).getByTestId('family-draft-3')).toHaveTextContent('invited');
    expect(within(modal).getByTestId('family-draft-2')).not.toHaveTextContent('invited');
    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(user, ['Gleb Smirnov']);
    await user.click(within(add).getByTestId('family-add-confirm'));
    await user.click(within(modal).getByTestId('family-save'));
    await waitFor(() => expect(screen.queryByTestId('family-participants')).not.toBeInTheDocument());
    expect(puts).toEqual([{ family: { head: '+79990000007', members: ['+79160000002', '+79160000003', '+79160000004'] } }]);

    await user.click(within(section).getByRole('button', { name: 'Withdraw the invitation to Vera Orlova' }));
    await waitFor(() => expect(within(section).queryByTestId('family-sent')).not.toBeInTheDocument());
    expect(withdrawn).toBe(1);
  });

  it('disables adding at five members; removing one enables it again', async () => {
    const { user, section } = await openFamily(withFamily(friends.slice(0, 5)), () => HttpResponse.json(aUser()));
    const modal = await openParticipants(user, section);
    expect(within(modal).getByTestId('family-add')).toBeDisabled();
    await user.click(within(modal).getByRole('button', { name: 'Remove Boris Ivanov from the family' }));
    expect(within(modal).getByTestId('family-add')).toBeEnabled();
    expect(within(modal).getByTestId('family-save')).toBeEnabled();
  });

  it("says 'There should be less than five people in the family' and refuses to save a sixth member", async () => {
    const { user, section, puts } = await openFamily(withFamily(friends.slice(0, 4)), () => HttpResponse.json(aUser()));
    const modal = await openParticipants(user, section);
    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(user, ['Egor Lee']);
    expect(within(add).queryByText('There should be less than five people in the family')).not.toBeInTheDocument();
    await user.click(within(add).getByRole('checkbox', { name: 'Fedor Pak' }));
    expect(within(add).getByText('There should be less than five people in the family')).toBeInTheDocument();
    await user.click(within(add).getByTestId('family-add-confirm'));
    expect(within(modal).getByText('There should be less than five people in the family')).toBeInTheDocument();
    expect(within(modal).getByTestId('family-save')).toBeDisabled();
    expect(puts).toEqual([]);
  });

  it('disables Add with more than six contacts selected at once', async () => {
    const { user, section } = await openFamily(aUser(), () => HttpResponse.json(aUser()));
    const modal = await openParticipants(user, section);
    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(
      user,
      friends.slice(0, 6).map((f) => f.full_name),
    );
    expect(within(add).getByTestId('family-add-confirm')).toBeEnabled();
    // A tap on the name ticks it, as on the box itself.
    await user.click(within(add).getByText('Galya Tsoi'));
    expect(within(add).getByRole('checkbox', { name: 'Galya Tsoi' })).toBeChecked();
    expect(within(add).getByText('7 selected')).toBeInTheDocument();
    expect(within(add).getByTestId('family-add-confirm')).toBeDisabled();
  });

  it("shows the server's refusal in the user's language, and keeps the draft", async () => {
    const { user, section } = await openFamily(aUser(), () => errorBody('family_too_big', 400, 'family.members'), 'ru');
    const modal = await openParticipants(user, section);
    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(user, ['Boris Ivanov']);
    await user.click(within(add).getByTestId('family-add-confirm'));
    await user.click(within(modal).getByTestId('family-save'));
    expect(await within(modal).findByText('В семье должно быть не больше пяти человек')).toBeInTheDocument();
    expect(within(modal).getByTestId('family-draft-2')).toBeInTheDocument();
  });

  it('lets a member only quit: no editing, a confirm with a spinner, then no family', async () => {
    const head = friends[0]!;
    const { user, section, puts, store } = await openFamily(withFamily([friends[1]!], head), async () => {
      await delay(300);
      return HttpResponse.json(aUser());
    });
    expect(names(within(section).getByTestId('family-list'))[0]).toContain('Boris Ivanov');
    expect(within(section).queryByTestId('family-edit')).not.toBeInTheDocument();
    await user.click(within(section).getByTestId('family-leave'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Quit the family?');
    const submit = within(confirm).getByRole('button', { name: 'Quit family' });
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ family: null }]);
    expect(store.getState().profile.user?.family).toBeNull();
    expect(within(section).getByText(/You are not in a family/)).toBeInTheDocument();
  });

  it('lets the head delete the family for everyone after confirming', async () => {
    const { user, section, puts } = await openFamily(withFamily([friends[0]!]), () => HttpResponse.json(aUser()));
    await user.click(within(section).getByTestId('family-leave'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Delete the family for everyone in it?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete family' }));
    await waitFor(() => expect(puts).toEqual([{ family: null }]));
    expect(await within(section).findByText(/You are not in a family/)).toBeInTheDocument();
  });

  it("keeps the family and shows the server's refusal when quitting fails", async () => {
    const { user, section } = await openFamily(withFamily([friends[1]!], friends[0]!), () => errorBody('internal', 500));
    await user.click(within(section).getByTestId('family-leave'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Quit family' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('An error has occurred. Service is temporarily down');
    expect(within(section).getByTestId('family-list')).toBeInTheDocument();
  });
});

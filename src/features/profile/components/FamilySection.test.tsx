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

const names = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');

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
  it('gathers a family from my contacts and shows it once saved', async () => {
    const { user, section, puts, store } = await openFamily(aUser(), () =>
      HttpResponse.json(withFamily([friends[0]!, friends[1]!])),
    );
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

    await user.click(within(modal).getByTestId('family-save'));
    await waitFor(() => expect(screen.queryByTestId('family-participants')).not.toBeInTheDocument());
    expect(puts).toEqual([{ family: { head: '+79990000007', members: ['+79160000002', '+79160000003'] } }]);
    expect(store.getState().profile.user?.family?.members).toHaveLength(2);
    const list = within(section).getByTestId('family-list');
    expect(names(list)).toEqual([expect.stringContaining('Anna Petrova'), expect.stringContaining('Boris Ivanov'), expect.stringContaining('Vera Orlova')]);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('head');
    expect(within(section).getByTestId('family-leave')).toHaveTextContent('Delete family');
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
    const add = await pick(user, friends.slice(0, 6).map((f) => f.full_name));
    expect(within(add).getByTestId('family-add-confirm')).toBeEnabled();
    // A tap on the name ticks it, as on the box itself.
    await user.click(within(add).getByText('Galya Tsoi'));
    expect(within(add).getByRole('checkbox', { name: 'Galya Tsoi' })).toBeChecked();
    expect(within(add).getByText('7 selected')).toBeInTheDocument();
    expect(within(add).getByTestId('family-add-confirm')).toBeDisabled();
  });

  it("shows the server's refusal for a member of another family, in the user's language, and keeps the draft", async () => {
    const { user, section } = await openFamily(aUser(), () => errorBody('family_member_taken', 400, 'family.members'), 'ru');
    const modal = await openParticipants(user, section);
    await user.click(within(modal).getByTestId('family-add'));
    const add = await pick(user, ['Boris Ivanov']);
    await user.click(within(add).getByTestId('family-add-confirm'));
    await user.click(within(modal).getByTestId('family-save'));
    expect(await within(modal).findByText('Этот человек уже состоит в другой семье')).toBeInTheDocument();
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

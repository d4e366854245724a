export { peopleSlice, fetchPeople, type PeopleState } from './people-slice';

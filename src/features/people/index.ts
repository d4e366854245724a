export { peopleSlice, fetchPeople, fetchPerson, type PeopleState } from './people-slice';

export { peopleListOf } from './people-queries';

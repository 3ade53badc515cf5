export { connectMongo, openMongo, openMongoStores, type MongoConnection } from './connect';
export { MongoReadStore } from './mongo-read-store';
export { MongoSessionStore } from './mongo-session-store';

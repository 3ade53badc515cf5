import { endpoint } from '../endpoint';
import { favoritesResponse } from '../catalog';
import { addFavoriteBody, contactRequestBody, contactRequestedResponse, favoriteToggledResponse } from '../favorites-leads';

/** The endpoints served by adapters/http/routes/favorites-leads.routes.ts. */
export const favoritesLeadsEndpoints = {
  getFavorites: endpoint({ method: 'get', path: '/favorites', response: favoritesResponse }),
  postFavorites: endpoint({ method: 'post', path: '/favorites', body: addFavoriteBody, response: favoriteToggledResponse }),
  deleteFavoritesById: endpoint({ method: 'delete', path: '/favorites/:id', response: favoriteToggledResponse }),
  postContactRequests: endpoint({ method: 'post', path: '/contact-requests', body: contactRequestBody, response: contactRequestedResponse }),
};

import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'rivalwatch:public';

/** Marks a controller or route that needs no API key (health, metrics, the cookie-session application). */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(IS_PUBLIC_KEY, true);

// `@toolstream/widget/element`: importing it defines <toolstream-chat>.
export * from '@toolstream/widget';

# Generated from waiver.json by capeval.schemas.build; do not edit.
# source-sha256: 74255c2dbbf7767e0ed036ee82555ee256a5085a06ba2df2495e1455759e4b8a


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^[a-z][a-z0-9_]*$': re.compile('^[a-z][a-z0-9_]*\\Z'),
    '\\S': re.compile('\\S'),
    '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$': re.compile('^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_waiver_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/waiver-v1.json', 'title': 'Waiver', 'description': 'A known failure accepted for a time (cap-render-report --waivers): the results it matches (case, assertion, optionally system and code) are reported as waived until the expiry date, with the reason and the owner who answers for it. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'assertion', 'reason', 'owner', 'expires'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'system': {'type': 'string', 'minLength': 1}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'reason': {'type': 'string', 'pattern': '\\S'}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'expires': {'description': 'The last day the waiver applies (ISO 8601 calendar date, YYYY-MM-DD).', 'type': 'string', 'pattern': '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'assertion', 'reason', 'owner', 'expires']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/waiver-v1.json', 'title': 'Waiver', 'description': 'A known failure accepted for a time (cap-render-report --waivers): the results it matches (case, assertion, optionally system and code) are reported as waived until the expiry date, with the reason and the owner who answers for it. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'assertion', 'reason', 'owner', 'expires'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'system': {'type': 'string', 'minLength': 1}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'reason': {'type': 'string', 'pattern': '\\S'}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'expires': {'description': 'The last day the waiver applies (ISO 8601 calendar date, YYYY-MM-DD).', 'type': 'string', 'pattern': '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "case_id" in data_keys:
            data_keys.remove("case_id")
            data__caseid = data["case_id"]
            if not isinstance(data__caseid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be string", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__caseid, str):
                data__caseid_len = len(data__caseid)
                if data__caseid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be longer than or equal to 1 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "assertion" in data_keys:
            data_keys.remove("assertion")
            data__assertion = data["assertion"]
            if not isinstance(data__assertion, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertion must be string", value=data__assertion, name="" + (name_prefix or "data") + ".assertion", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='type')
            if isinstance(data__assertion, str):
                if not REGEX_PATTERNS_validate['^[a-z][a-z0-9_]*$'].search(data__assertion):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".assertion must match pattern ^[a-z][a-z0-9_]*$", value=data__assertion, name="" + (name_prefix or "data") + ".assertion", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='pattern')
        if "system" in data_keys:
            data_keys.remove("system")
            data__system = data["system"]
            if not isinstance(data__system, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be string", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__system, str):
                data__system_len = len(data__system)
                if data__system_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be longer than or equal to 1 characters", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "code" in data_keys:
            data_keys.remove("code")
            data__code = data["code"]
            if not isinstance(data__code, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".code must be string", value=data__code, name="" + (name_prefix or "data") + ".code", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='type')
            if isinstance(data__code, str):
                if not REGEX_PATTERNS_validate['^[a-z][a-z0-9_]*$'].search(data__code):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".code must match pattern ^[a-z][a-z0-9_]*$", value=data__code, name="" + (name_prefix or "data") + ".code", definition={'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, rule='pattern')
        if "reason" in data_keys:
            data_keys.remove("reason")
            data__reason = data["reason"]
            if not isinstance(data__reason, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reason must be string", value=data__reason, name="" + (name_prefix or "data") + ".reason", definition={'type': 'string', 'pattern': '\\S'}, rule='type')
            if isinstance(data__reason, str):
                if not REGEX_PATTERNS_validate['\\S'].search(data__reason):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reason must match pattern \\S", value=data__reason, name="" + (name_prefix or "data") + ".reason", definition={'type': 'string', 'pattern': '\\S'}, rule='pattern')
        if "owner" in data_keys:
            data_keys.remove("owner")
            data__owner = data["owner"]
            if not isinstance(data__owner, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".owner must be string", value=data__owner, name="" + (name_prefix or "data") + ".owner", definition={'type': 'string', 'pattern': '\\S'}, rule='type')
            if isinstance(data__owner, str):
                if not REGEX_PATTERNS_validate['\\S'].search(data__owner):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".owner must match pattern \\S", value=data__owner, name="" + (name_prefix or "data") + ".owner", definition={'type': 'string', 'pattern': '\\S'}, rule='pattern')
        if "expires" in data_keys:
            data_keys.remove("expires")
            data__expires = data["expires"]
            if not isinstance(data__expires, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".expires must be string", value=data__expires, name="" + (name_prefix or "data") + ".expires", definition={'description': 'The last day the waiver applies (ISO 8601 calendar date, YYYY-MM-DD).', 'type': 'string', 'pattern': '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'}, rule='type')
            if isinstance(data__expires, str):
                if not REGEX_PATTERNS_validate['^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'].search(data__expires):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".expires must match pattern ^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$", value=data__expires, name="" + (name_prefix or "data") + ".expires", definition={'description': 'The last day the waiver applies (ISO 8601 calendar date, YYYY-MM-DD).', 'type': 'string', 'pattern': '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'}, rule='pattern')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/waiver-v1.json', 'title': 'Waiver', 'description': 'A known failure accepted for a time (cap-render-report --waivers): the results it matches (case, assertion, optionally system and code) are reported as waived until the expiry date, with the reason and the owner who answers for it. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'assertion', 'reason', 'owner', 'expires'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'assertion': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'system': {'type': 'string', 'minLength': 1}, 'code': {'type': 'string', 'pattern': '^[a-z][a-z0-9_]*$'}, 'reason': {'type': 'string', 'pattern': '\\S'}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'expires': {'description': 'The last day the waiver applies (ISO 8601 calendar date, YYYY-MM-DD).', 'type': 'string', 'pattern': '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_waiver_v1_json
